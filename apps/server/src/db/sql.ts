import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The database or a transaction of it (repositories accept either). */
export type Executor = DbOrTx;

/** Rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** `%term%` with LIKE's wildcards escaped, so a user's `%` or `_` matches itself. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Serialises writers on one key for the rest of the transaction (works the same in PGlite and PostgreSQL). */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** True for a unique-constraint violation, whichever driver raised it (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
