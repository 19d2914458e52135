import {
  authMessages,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_IP,
  maskPhone,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_MAX_PER_PHONE_PER_HOUR,
  SMS_RESEND_INTERVAL_MS,
  systemMessageTexts,
  type ChangePhoneBody,
  type CurrentUser,
  type ForgetPasswordBody,
  type LoginData,
  type Role,
  type SendMsgData,
  type SmsPurpose,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import type { MessagesService } from '../messages';
import type { UserAccounts } from '../users';
import { authRepository as repo, type UserRow } from './auth.repository';
import { isUniqueViolation, lockKey, type Executor } from '../../db/sql';
import type { PasswordHasher } from './password-hasher';
import {
  digestsEqual,
  generateSessionToken,
  generateSmsCode,
  hashSessionToken,
  hashSmsCode,
} from './secrets';
import type { SmsSender } from './sms/sms-sender';
import { smsSends } from '../../lib/metrics';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What `request.user` holds on an authenticated request. */
export interface AuthServiceDeps {
  db: Executor;
  clock: Clock;
  hasher: PasswordHasher;
  sms: SmsSender;
  messages: MessagesService;
  usersRepo: UserAccounts;
  sessionTtlMs: number;
  /** SMS codes per client address per hour (config; SMS_MAX_PER_IP_PER_HOUR by default). */
  smsMaxPerIpPerHour?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, hasher, sms, messages, usersRepo, sessionTtlMs, log } = deps;
  const smsMaxPerIp = deps.smsMaxPerIpPerHour ?? SMS_MAX_PER_IP_PER_HOUR;
  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
  const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

  const tooMany = (message: string) => new AppError(429, message);
  const codeWrong = () =>
    new AppError(400, authMessages.codeWrong, { fieldErrors: { code: authMessages.codeWrong } });
  const phoneRegistered = (field = 'phone') =>
    new AppError(409, authMessages.phoneRegistered, {
      fieldErrors: { [field]: authMessages.phoneRegistered },
    });
  const wrongCredentials = () => new AppError(400, authMessages.wrongCredentials);

  /** Uses one code: throws 400 unless it is the live code of this phone and purpose. Each call spends a try. */
  async function useCode(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const now = clock.now();
    const tried = await repo.spendCodeAttempt(db, phone, purpose, now, SMS_CODE_MAX_ATTEMPTS);
    const wanted = hashSmsCode(phone, purpose, code);
    const match = tried.find((r) => digestsEqual(r.codeHash, wanted));
    if (!match || !(await repo.consumeCode(db, match.id, now))) throw codeWrong();
  }

  /**
   * Checks a password against the account with the failure limits: the attempt is recorded as a failure before
   * the (slow) hash check, under a per-account lock, so parallel guesses cannot exceed the limit; a success removes
   * the account's failures. Throws 429 when locked or when the IP has too many failures, 400 when wrong.
   */
  async function checkPassword(
    user: UserRow | undefined,
    password: string,
    ip: string,
    wrong: () => AppError,
  ) {
    const now = clock.now();
    const windowStart = ago(now, LOGIN_FAILURE_WINDOW_MS);
    if ((await repo.countIpFailuresSince(db, ip, windowStart)) >= LOGIN_MAX_FAILURES_PER_IP) {
      throw tooMany(authMessages.ipLoginLimited);
    }
    if (!user || !user.passwordHash) {
      await hasher.verifyDummy(password);
      await repo.addFailure(db, user?.id ?? null, ip, now);
      throw wrong();
    }
    const lockedMessage = (until: Date) =>
      authMessages.loginLocked(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)));
    await db.transaction(async (tx) => {
      await lockKey(tx, `login:${user.id}`);
      const fresh = await repo.findUserById(tx, user.id);
      if (fresh?.lockedUntil && fresh.lockedUntil > now) throw tooMany(lockedMessage(fresh.lockedUntil));
      if ((await repo.countUserFailuresSince(tx, user.id, windowStart)) >= LOGIN_MAX_FAILURES) {
        throw tooMany(lockedMessage(later(now, LOGIN_LOCK_MS)));
      }
      return repo.addFailure(tx, user.id, ip, now);
    });
    if (await hasher.verify(user.passwordHash, password)) {
      await db.transaction(async (tx) => {
        await repo.clearUserFailures(tx, user.id);
        if (user.lockedUntil) await repo.setLockedUntil(tx, user.id, null);
      });
      if (hasher.needsRehash(user.passwordHash))
        await usersRepo.setPasswordHash(db, user.id, await hasher.hash(password), now);
      return;
    }
    const locked = await db.transaction(async (tx) => {
      await lockKey(tx, `login:${user.id}`);
      if ((await repo.countUserFailuresSince(tx, user.id, windowStart)) < LOGIN_MAX_FAILURES) return null;
      const until = later(now, LOGIN_LOCK_MS);
      await repo.setLockedUntil(tx, user.id, until);
      return until;
    });
    if (locked) throw tooMany(lockedMessage(locked));
    throw wrong();
  }

  /** Ends any older session of the account (one active session per account) and issues a new token. */
  async function startSession(userId: number): Promise<string> {
    const now = clock.now();
    const token = generateSessionToken();
    await db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const old = await repo.deleteUserSessions(tx, userId);
      await repo.insertSession(tx, {
        userId,
        tokenHash: hashSessionToken(token),
        now,
        expiresAt: later(now, sessionTtlMs),
      });
      if (old.some((s) => s.expiresAt > now)) {
        const t = systemMessageTexts.elsewhereLogin;
        await messages.send(userId, t.title, t.content, tx);
      }
    });
    return token;
  }

  async function loginData(userId: number): Promise<LoginData> {
    const token = await startSession(userId);
    return { token, user: await getCurrentUser(userId) };
  }

  async function getCurrentUser(userId: number): Promise<CurrentUser> {
    const user = await usersRepo.currentUser(db, userId, clock.now());
    if (!user) throw new AppError(406);
    return { ...user, message_num: await messages.unreadCount(userId) };
  }

  function refuseDisabled(user: UserRow) {
    if (user.disabled) throw new AppError(403, authMessages.accountDisabled);
  }

  return {
    getCurrentUser,

    /**
     * Signs an account in without a password, for a sign-in identity another area has already proved (a bound
     * WeChat openid): the same one-session rule and 'logged in elsewhere' message as the other logins.
     */
    async signInAs(userId: number): Promise<LoginData> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError(404);
      refuseDisabled(user);
      return loginData(user.id);
    },

    /** True while the session (by id) exists and has not expired. */
    async sessionLive(sessionId: number): Promise<boolean> {
      return repo.sessionLive(db, sessionId, clock.now());
    },

    async sendCode(input: {
      phone: string;
      purpose: SmsPurpose;
      ip: string;
      userId?: number;
    }): Promise<SendMsgData> {
      const { phone, purpose, ip } = input;
      const owner = await repo.findUserByPhone(db, phone);
      if (purpose === 'register' && owner) throw phoneRegistered();
      if (purpose === 'reset' && !owner) {
        throw new AppError(400, authMessages.phoneNotRegistered, {
          fieldErrors: { phone: authMessages.phoneNotRegistered },
        });
      }
      if (purpose === 'change_phone') {
        if (input.userId === undefined) throw new AppError(406);
        if (owner && owner.id !== input.userId) throw phoneRegistered();
      }
      const code = generateSmsCode();
      const codeId = await db.transaction(async (tx) => {
        const now = clock.now();
        // Fixed lock order (phone, then IP) so concurrent senders cannot deadlock.
        await lockKey(tx, `sms-phone:${phone}`);
        await lockKey(tx, `sms-ip:${ip}`);
        if ((await repo.countPhoneSendsSince(tx, phone, ago(now, SMS_RESEND_INTERVAL_MS))) > 0) {
          throw tooMany(authMessages.smsResendTooSoon);
        }
        if ((await repo.countPhoneSendsSince(tx, phone, ago(now, HOUR_MS))) >= SMS_MAX_PER_PHONE_PER_HOUR) {
          throw tooMany(authMessages.smsHourlyLimit);
        }
        if ((await repo.countPhoneSendsSince(tx, phone, ago(now, DAY_MS))) >= SMS_MAX_PER_PHONE_PER_DAY) {
          throw tooMany(authMessages.smsDailyLimit);
        }
        if ((await repo.countIpSendsSince(tx, ip, ago(now, HOUR_MS))) >= smsMaxPerIp) {
          throw tooMany(authMessages.smsIpLimit);
        }
        await repo.recordSend(tx, phone, ip, now, ago(now, DAY_MS));
        return repo.replaceCode(tx, {
          phone,
          purpose,
          codeHash: hashSmsCode(phone, purpose, code),
          now,
          expiresAt: later(now, SMS_CODE_TTL_MS),
          pruneBefore: ago(now, DAY_MS),
        });
      });
      try {
        await sms.send({ phone, purpose, code });
        smsSends.inc({ provider: sms.name, result: 'sent' });
      } catch (err) {
        smsSends.inc({ provider: sms.name, result: 'failed' });
        log.error({ err, phone: maskPhone(phone), provider: sms.name }, 'sms send failed');
        await repo.voidCode(db, codeId, clock.now());
        throw new AppError(503, authMessages.smsSendFailed);
      }
      return { expires_in: SMS_CODE_TTL_MS / 1000, resend_after: SMS_RESEND_INTERVAL_MS / 1000 };
    },

    async register(body: {
      phone: string;
      code: string;
      password: string;
      role: Role;
      company_name?: string | undefined;
      credit_code?: string | undefined;
    }): Promise<LoginData> {
      if (await repo.findUserByPhone(db, body.phone)) throw phoneRegistered();
      await useCode(body.phone, 'register', body.code);
      const passwordHash = await hasher.hash(body.password);
      const userId = await db.transaction(async (tx) => {
        const id = await usersRepo.create(tx, {
          phone: body.phone,
          passwordHash,
          role: body.role,
          companyName: body.role === 'company' ? (body.company_name ?? null) : null,
          creditCode: body.role === 'company' ? (body.credit_code ?? null) : null,
          now: clock.now(),
        });
        if (id === null) throw phoneRegistered();
        const t = systemMessageTexts.welcome;
        await messages.send(id, t.title, t.content, tx);
        return id;
      });
      return loginData(userId);
    },

    async accountLogin(body: { phone: string; password: string }, ip: string): Promise<LoginData> {
      const user = await repo.findUserByPhone(db, body.phone);
      await checkPassword(user, body.password, ip, wrongCredentials);
      refuseDisabled(user!);
      return loginData(user!.id);
    },

    async codeLogin(body: { phone: string; code: string }): Promise<LoginData> {
      await useCode(body.phone, 'login', body.code);
      let user = await repo.findUserByPhone(db, body.phone);
      if (!user) {
        // Chinese-site convention: a code login of a new phone opens a personal account (no password yet).
        await db.transaction(async (tx) => {
          const id = await usersRepo.create(tx, {
            phone: body.phone,
            passwordHash: null,
            role: 'personal',
            now: clock.now(),
          });
          if (id !== null) {
            const t = systemMessageTexts.welcome;
            await messages.send(id, t.title, t.content, tx);
          }
        });
        user = await repo.findUserByPhone(db, body.phone);
        if (!user) throw new AppError(500);
      }
      refuseDisabled(user);
      return loginData(user.id);
    },

    async forgetPassword(body: ForgetPasswordBody): Promise<void> {
      const user = await repo.findUserByPhone(db, body.phone);
      if (!user)
        throw new AppError(400, authMessages.phoneNotRegistered, {
          fieldErrors: { phone: authMessages.phoneNotRegistered },
        });
      await useCode(body.phone, 'reset', body.code);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await usersRepo.setPasswordHash(tx, user.id, passwordHash, now);
        await repo.setLockedUntil(tx, user.id, null);
        await repo.clearUserFailures(tx, user.id);
        await repo.deleteUserSessions(tx, user.id);
        const t = systemMessageTexts.passwordReset;
        await messages.send(user.id, t.title, t.content, tx);
      });
    },

    async changePhone(auth: AuthUser, body: ChangePhoneBody, ip: string): Promise<{ phone: string }> {
      const user = await repo.findUserById(db, auth.id);
      if (!user) throw new AppError(406);
      if (body.new_phone === user.phone) {
        throw new AppError(400, authMessages.phoneChangeSamePhone, {
          fieldErrors: { new_phone: authMessages.phoneChangeSamePhone },
        });
      }
      if (await repo.findUserByPhone(db, body.new_phone)) throw phoneRegistered('new_phone');
      if (body.password) {
        await checkPassword(user, body.password, ip, () => new AppError(400, authMessages.oldPasswordWrong));
      } else if (body.old_code) {
        await useCode(user.phone, 'change_phone', body.old_code);
      } else {
        throw new AppError(400, authMessages.phoneChangeProofRequired);
      }
      await useCode(body.new_phone, 'change_phone', body.new_code);
      try {
        await db.transaction(async (tx) => {
          await usersRepo.setPhone(tx, user.id, body.new_phone, clock.now());
          const t = systemMessageTexts.phoneChanged;
          await messages.send(user.id, t.title, t.content(maskPhone(body.new_phone)), tx);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw phoneRegistered('new_phone');
        throw err;
      }
      return { phone: body.new_phone };
    },

    async changePassword(
      auth: AuthUser,
      body: { old_password: string; password: string },
      ip: string,
    ): Promise<void> {
      const user = await repo.findUserById(db, auth.id);
      if (!user) throw new AppError(406);
      await checkPassword(
        user,
        body.old_password,
        ip,
        () => new AppError(400, authMessages.oldPasswordWrong),
      );
      if (body.old_password === body.password) throw new AppError(400, authMessages.newPasswordSameAsOld);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        await usersRepo.setPasswordHash(tx, user.id, passwordHash, clock.now());
        const t = systemMessageTexts.passwordChanged;
        await messages.send(user.id, t.title, t.content, tx);
      });
    },

    async logout(auth: AuthUser): Promise<void> {
      await repo.deleteSession(db, auth.sessionId);
    },

    async outbox(phone: string) {
      const rows = await repo.listOutbox(db, phone, 20);
      return rows.map((r) => ({
        phone: r.phone,
        purpose: r.purpose,
        content: r.content,
        created_at: r.createdAt.toISOString(),
      }));
    },

    /** Housekeeping for old failure rows (older than a day); cheap, call from a timer or after a login. */
    pruneFailures: () => repo.pruneFailures(db, ago(clock.now(), DAY_MS)),
  };
}
