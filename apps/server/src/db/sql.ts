import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The database or a transaction of it (repositories accept either). */
export type Executor = DbOrTx;

/** Rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A raw statement prepared by name, for the hottest reads: PostgreSQL parses and plans it once per connection (a
 * generic plan once it is no worse than the custom ones), and no query is built per call. `text` names its
 * parameters $1..$n; the returned function takes their values in that order. Each name must always carry the same
 * text (node-postgres refuses a name reused with another). On PGlite the statement runs as an ordinary query.
 */
export function preparedRows<T, P extends readonly unknown[]>(
  db: Executor,
  name: string,
  text: string,
): (...values: P) => Promise<T[]> {
  const arity = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const params = Array.from({ length: arity }, (_, i) => sql.placeholder(`p${i + 1}`));
  let query: ReturnType<Executor['_']['session']['prepareQuery']> | undefined;
  return async (...values) => {
    query ??= db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
    if (values.length !== arity) throw new Error(`${name} takes ${arity} values, not ${values.length}`);
    const res = (await query.execute(Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v])))) as {
      rows: T[];
    };
    return res.rows;
  };
}

/**
 * preparedRows for code that is handed its database on each call (repositories written as plain objects): the
 * statement's function is built once per database or transaction and kept for it.
 */
export function preparedStatement<T, P extends readonly unknown[]>(
  name: string,
  text: string,
): (db: Executor) => (...values: P) => Promise<T[]> {
  const byDb = new WeakMap<object, (...values: P) => Promise<T[]>>();
  return (db) => {
    let run = byDb.get(db);
    if (!run) byDb.set(db, (run = preparedRows<T, P>(db, name, text)));
    return run;
  };
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
