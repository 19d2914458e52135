import type { FastifyRequest } from 'fastify';
import { authMessages, SESSION_TOUCH_INTERVAL_MS } from '@app/contracts';
import type { AppDeps } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { authRepository as repo } from './auth.repository';
import { type Executor } from '../../db/sql';
import type { AuthUser } from './auth.service';
import { hashSessionToken } from './secrets';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards (requireUser, requireStaff, optionalUser) from the `token` header. */
    user?: AuthUser;
  }
}

/** Name of the request header carrying the session token (SPEC §7). */
export const TOKEN_HEADER = 'token';

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
  return { id: row.userId, phone: row.phone, role: row.role, isStaff: row.isStaff, sessionId: row.sessionId };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER];
  return typeof raw === 'string' ? raw.trim() : undefined;
}

export interface AuthGuards {
  /** preHandler: 406 '未登录' unless the `token` header holds a live session; sets `request.user`. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** preHandler: requireUser, then 403 unless the account is staff. */
  requireStaff(request: FastifyRequest): Promise<void>;
  /** preHandler: sets `request.user` when a live token is sent, never refuses (pages that differ for members). */
  optionalUser(request: FastifyRequest): Promise<void>;
}

/** Guards for any module: `const { requireUser } = createAuthGuards(deps)`, then `{ preHandler: requireUser }`. */
export function createAuthGuards(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): AuthGuards {
  const sessionDeps = { db: deps.db, clock: deps.clock, sessionTtlMs: deps.config.sessionTtlMs };
  const requireUser = async (request: FastifyRequest) => {
    const user = await authenticateToken(sessionDeps, tokenOf(request));
    if (!user) throw new AppError(406);
    request.user = user;
  };
  return {
    requireUser,
    async requireStaff(request) {
      await requireUser(request);
      if (!request.user?.isStaff) throw new AppError(403, authMessages.staffOnly);
    },
    async optionalUser(request) {
      request.user = (await authenticateToken(sessionDeps, tokenOf(request))) ?? undefined;
    },
  };
}

/** The user a guard attached; 406 when the route forgot its guard (never trust a missing user). */
export function userOf(request: { user?: AuthUser }): AuthUser {
  if (!request.user) throw new AppError(406);
  return request.user;
}
