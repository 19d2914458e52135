import type { FastifyRequest } from 'fastify';
import { hasPermission, SESSION_TOUCH_INTERVAL_MS, staffMessages, type Permission } from '@app/contracts';
import type { CoreDeps } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { defineGuard, TOKEN_HEADER, type AuthGuards, type AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { authRepository as repo } from './auth.repository';
import { type Executor } from '../../db/sql';
import { createGroupQueue } from '../../lib/group-queue';
import { hashSessionToken } from './secrets';

/**
 * The session of a token, or null when it is missing, unknown, expired, replaced by a newer login, or the account
 * is disabled. Extends the expiry (sliding), writing at most once per SESSION_TOUCH_INTERVAL_MS.
 */
export async function authenticateToken(
  deps: { db: Executor; clock: Clock; sessionTtlMs: number; findSession?: SessionFinder },
  token: string | undefined,
): Promise<AuthUser | null> {
  // A real token is 43 characters; junk is refused before hashing and querying.
  if (!token || token.length > 128) return null;
  const hash = hashSessionToken(token);
  const row = deps.findSession ? await deps.findSession(hash) : (await repo.findSessions(deps.db, [hash]))[0];
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

type SessionRow = Awaited<ReturnType<typeof repo.findSessions>>[number];
type SessionFinder = (tokenHash: string) => Promise<SessionRow | undefined>;

/**
 * Session lookups of concurrent requests in one query (lib/group-queue.ts): every request checks its token, and
 * under load (a class autosaving an exam, a live class) one query per request would make the lookup the limit. A
 * lookup queued after a logout has committed runs in a later query, so it never sees the ended session.
 */
export function createSessionFinder(db: Executor): SessionFinder {
  const findSessions = repo.prepareFindSessions(db);
  const queue = createGroupQueue<string, SessionRow | undefined>(async (hashes) => {
    const found = new Map((await findSessions(hashes)).map((r) => [r.tokenHash, r]));
    return hashes.map((h) => found.get(h));
  });
  return (tokenHash) => queue.push(tokenHash);
}

function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER];
  return typeof raw === 'string' ? raw.trim() : undefined;
}

/** The session guards of lib/auth, built once by the app and handed to every module in `AppDeps.guards`. */
export function createAuthGuards(deps: CoreDeps): AuthGuards {
  const sessionDeps = {
    db: deps.db,
    clock: deps.clock,
    sessionTtlMs: deps.config.sessionTtlMs,
    findSession: createSessionFinder(deps.db),
  };
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
