import type { CoreDeps } from '../../lib/app-module';
import { createMessagesService, type MessagesService } from '../messages';
import { userAccounts } from '../users';
import { createAuthService, type AuthService } from './auth.service';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';
import { createAliyunSmsSender } from './sms/aliyun-sms-sender';
import { createConsoleSmsSender } from './sms/console-sms-sender';
import type { SmsSender } from './sms/sms-sender';

export interface AccountServices {
  auth: AuthService;
  messages: MessagesService;
  hasher: PasswordHasher;
  sms: SmsSender;
}

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

// One set per database handle, so the auth and users modules share the hasher (and its dummy hash).
const cache = new WeakMap<object, AccountServices>();

/** Builds (once per app database) the account services of the auth module. */
export function accountServices(deps: CoreDeps, log: Log): AccountServices {
  const cached = cache.get(deps.db);
  if (cached) return cached;
  const { db, clock, config } = deps;
  const hasher = createPasswordHasher(config.passwordHash);
  const sms: SmsSender =
    config.sms.provider === 'aliyun'
      ? createAliyunSmsSender(config.sms, { now: () => clock.now() })
      : createConsoleSmsSender({ db, clock, log, keepOutbox: config.nodeEnv !== 'production' });
  const messages = createMessagesService({ db, clock });
  const auth = createAuthService({
    db,
    clock,
    hasher,
    sms,
    messages,
    usersRepo: userAccounts,
    sessionTtlMs: config.sessionTtlMs,
    smsMaxPerIpPerHour: config.smsMaxPerIpPerHour,
    log,
  });
  const services = { auth, messages, hasher, sms };
  cache.set(db, services);
  return services;
}
