import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { authSessions } from './auth.table';
import type { AuthUser } from '../../lib/auth';
import { hashSessionToken } from './secrets';
import { pgArray } from '../../db/pg-array';
import { users } from '../users';

/**
 * A live session is remembered this long by watch_create. Longer than the 15 s report interval on purpose: a
 * learner's reports then cost one session lookup a minute instead of one each. Trade-off: a logged-out or
 * replaced session may go on reporting for up to this long (still only for lessons its user opened, and under
 * the same crediting rule), while every other endpoint refuses it at once.
 */
export const SESSION_CACHE_MS = 60_000;

/**
 * Session lookup of watch_create only, built for its load (every learner every 15 s): tokens seen within
 * SESSION_CACHE_MS are answered from memory, and the others arriving together are looked up in ONE query.
 * Same rules as the auth guard (unknown, expired, replaced or disabled = no user); it does not extend the
 * sliding expiry — the player page's other calls do.
 */
export function createBeaconAuthenticator(deps: { db: Db; clock: Clock }) {
  const cache = new Map<string, { user: AuthUser; expires: number }>();
  let waiting = new Map<string, ((u: AuthUser | null) => void)[]>();
  let scheduled = false;

  async function run(batch: Map<string, ((u: AuthUser | null) => void)[]>) {
    const hashes = new Map([...batch.keys()].map((t) => [hashSessionToken(t), t]));
    let found: Map<string, AuthUser> = new Map();
    try {
      const now = deps.clock.now();
      const rows = await deps.db
        .select({
          tokenHash: authSessions.tokenHash,
          sessionId: authSessions.id,
          userId: users.id,
          phone: users.phone,
          role: users.role,
          staffRoles: users.staffRoles,
          expiresAt: authSessions.expiresAt,
          disabled: users.disabled,
        })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(sql`${authSessions.tokenHash} = ANY(${pgArray([...hashes.keys()])}::text[])`);
      found = new Map(
        rows
          .filter((r) => r.expiresAt > now && !r.disabled)
          .map((r) => [
            hashes.get(r.tokenHash)!,
            {
              id: r.userId,
              phone: r.phone,
              role: r.role,
              isStaff: r.staffRoles.length > 0,
              staffRoles: r.staffRoles,
              sessionId: r.sessionId,
            },
          ]),
      );
    } finally {
      const expires = Date.now() + SESSION_CACHE_MS;
      if (cache.size > 100_000) cache.clear();
      for (const [token, resolvers] of batch) {
        const user = found.get(token) ?? null;
        if (user) cache.set(token, { user, expires });
        for (const r of resolvers) r(user);
      }
    }
  }

  async function drain() {
    while (waiting.size) {
      const batch = waiting;
      waiting = new Map();
      await run(batch).catch(() => undefined);
    }
    scheduled = false;
  }

  return function authenticate(token: string | undefined): Promise<AuthUser | null> {
    if (!token || token.length > 128) return Promise.resolve(null);
    const hit = cache.get(token);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit.user);
    return new Promise((resolve) => {
      const list = waiting.get(token);
      if (list) list.push(resolve);
      else waiting.set(token, [resolve]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    });
  };
}
