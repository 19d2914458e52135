// Public surface of the auth module (docs/architecture.md): the only file other modules import.
import type { CoreDeps } from '../../lib/app-module';
import { accountServices } from './account-services';
import { authRepository } from './auth.repository';
import { createSmsNotices, type SmsNotices } from './sms/sms-notices';
export { authModule } from './auth.routes';
/** The session guards of lib/auth; the app builds them once and hands them to every module in `AppDeps`. */
export { createAuthGuards } from './auth.guard';
/** The batched, cached session lookup of the learning-time reports (sendBeacon cannot send the token header). */
export { createBeaconAuthenticator } from './beacon-auth';
export { createPasswordHasher } from './password-hasher';
/**
 * Staff-started password reset: sends the account's phone a 找回密码 code (the same code, limits and SMS as
 * /api/users/send_msg with purpose reset), so its owner sets a new password on the 忘记密码 page.
 */
export function passwordResetCodes(deps: CoreDeps, log: Parameters<typeof accountServices>[1]) {
  return {
    send: (phone: string, ip: string) =>
      accountServices(deps, log).auth.sendCode({ phone, purpose: 'reset', ip }),
  };
}
export type PasswordResetCodes = ReturnType<typeof passwordResetCodes>;

/**
 * Notice SMS (the weekly learning digest) through the configured sender, under the per-phone limits of codes; a
 * provider without an approved notice template answers `unavailable`.
 */
export function smsNotices(deps: CoreDeps, log: Parameters<typeof accountServices>[1]): SmsNotices {
  return createSmsNotices({ db: deps.db, clock: deps.clock, sms: accountServices(deps, log).sms, log });
}
export type { SmsNotices, SmsNoticeOutcome } from './sms/sms-notices';
export type { LearningDigestSmsParams, SmsNotice } from './sms/sms-sender';

/** Ends every session of an account (disabled account, password set by staff or the admin:create command). */
export const accountSessions = {
  endAll: authRepository.deleteUserSessions,
  countLive: authRepository.countLiveSessions,
};

/**
 * Signing in by an identity another area proved (WeChat): `signIn` starts a session under the one-session rule
 * (DECISIONS.md 6, 16); `sessionLive` tells whether a session (by id) still stands.
 */
export function accountSignIn(deps: CoreDeps, log: Parameters<typeof accountServices>[1]) {
  const { auth } = accountServices(deps, log);
  return { signIn: auth.signInAs, sessionLive: auth.sessionLive };
}
export type AccountSignIn = ReturnType<typeof accountSignIn>;
