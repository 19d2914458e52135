// Public surface of the auth module (docs/architecture.md): the only file other modules import.
import { authRepository } from './auth.repository';
export { authModule } from './auth.routes';
/** The session guards of lib/auth; the app builds them once and hands them to every module in `AppDeps`. */
export { createAuthGuards } from './auth.guard';
/** The batched, cached session lookup of the learning-time reports (sendBeacon cannot send the token header). */
export { createBeaconAuthenticator } from './beacon-auth';
export { createPasswordHasher } from './password-hasher';
/** Ends every session of an account (disabled account, password set by staff or the admin:create command). */
export const accountSessions = { endAll: authRepository.deleteUserSessions, countLive: authRepository.countLiveSessions };
