import type { FastifyRequest } from 'fastify';
import { hasPermission, SESSION_TOUCH_INTERVAL_MS, staffMessages, type Permission } from '@app/contracts';
import type { CoreDeps } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { defineGuard, TOKEN_HEADER, type AuthGuards, type AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { authRepository as repo } from './auth.repository';
import { type Executor } from '../../db/sql';
import { hashSessionToken } from './secrets';

/**
 * The session of a token, or null when it is missing, unknown, expired, replaced by a newer login, or the account
 * is disabled. Extends the expiry (sliding), writing at most once per SESSION_TOUCH_INTERVAL_MS.
 */
export async function authenticateToken(
  deps: { db: Executor; clock: Clock; sessionTtlMs: number },
  token: string | undefined,
): Promise<AuthUser | null> {
  // A real token is 43 characters; junk is refused before hashing and querying.
  if (!token || token.length > 128) return null;
  const row = await repo.findSession(deps.db, hashSessionToken(token));
  const now = deps.clock.now();
  if (!row || row.expiresAt <= now || row.disabled) return null;
  if (now.getTime() - row.touchedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await repo.touchSession(deps.db, row.sessionId, now, new Date(now.getTime() + deps.sessionTtlMs));
  }
  return {
    id: row.userId,
    phone: row.phone,
    role: row.role,
    isStaff: row.staffRoles.length > 0,
    staffRoles: row.staffRoles,
    sessionId: row.sessionId,
  };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER];
  return typeof raw === 'string' ? raw.trim() : undefined;
}

/** The session guards of lib/auth, built once by the app and handed to every module in `AppDeps.guards`. */
export function createAuthGuards(deps: CoreDeps): AuthGuards {
  const sessionDeps = { db: deps.db, clock: deps.clock, sessionTtlMs: deps.config.sessionTtlMs };
  const requireUser = async (request: FastifyRequest) => {
    const user = await authenticateToken(sessionDeps, tokenOf(request));
    if (!user) throw new AppError(406);
    request.user = user;
  };
  const permissionGuards = new Map<Permission, ReturnType<typeof defineGuard>>();
  return {
    requireUser: defineGuard('user', requireUser),
    requirePermission(permission) {
      let guard = permissionGuards.get(permission);
      if (!guard) {
        guard = defineGuard(
          'staff',
          async (request) => {
            await requireUser(request);
            if (!hasPermission(request.user!.staffRoles, permission)) {
              throw new AppError(403, staffMessages.permissionDenied(permission));
            }
          },
          { permission },
        );
        permissionGuards.set(permission, guard);
      }
      return guard;
    },
    requireStaff: defineGuard('staff', async (request) => {
      await requireUser(request);
      if (!request.user?.isStaff) throw new AppError(403, staffMessages.notStaff);
    }),
    optionalUser: defineGuard('optional', async (request) => {
      request.user = (await authenticateToken(sessionDeps, tokenOf(request))) ?? undefined;
    }),
  };
}
