import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle repositories use; the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => ...)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Applies the committed migrations in apps/server/drizzle (fast no-op when up to date). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrate, seed) alone: on PostgreSQL several server processes may start at once, so
   * they queue on an advisory lock. PGlite has one process by construction (db.lock).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Flushes (PGlite: CHECKPOINT) and closes; idempotent. */
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm };

/** Advisory-lock key serialising start-up migrations and seeding across processes on one PostgreSQL. */
const STARTUP_LOCK_KEY = 727_310_001;

/** Wraps an open PGlite instance (the server's on-disk one, or a test's in-memory clone). */
export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    exclusive: (fn) => fn(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        onClose?.();
      }
    },
  };
}

/** The pool behind each node-postgres handle, for the metrics (connections in use and waiting). */
const pools = new WeakMap<object, pg.Pool>();

/** Connections of the handle's pool: open, in use, and requests waiting for one; undefined on PGlite. */
export function poolStats(db: Db): { total: number; inUse: number; waiting: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  const gated = pool instanceof GatedPool ? pool.gateWaiting : 0;
  return {
    total: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount + gated,
  };
}

/** Network errors of a connection to the database server (refused, reset, timed out, unknown host). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs meaning "the server cannot serve now": shutting down, starting up, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
  'timeout expired',
];

/**
 * True when an error (or any error it wraps: drizzle wraps the driver's in `cause`) says the database server is
 * unreachable or not accepting work, as opposed to a failing statement. Such requests answer 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A node-postgres pool with two limits where pg's pool has one. pg's `connectionTimeoutMillis` bounds both opening a
 * connection and waiting for a busy pool's free one, so a short limit (to answer 503 fast when the database is away)
 * also refuses requests that merely queue behind a burst, such as an exam's closing second. Here the pool itself
 * keeps the short limit for opening a connection, and callers beyond `max` queue in front of it for up to `waitMs`
 * while the database answers. Once opening a connection fails because the database is unreachable, every queued
 * caller fails at once, and callers that find no free connection fail without queueing, until a connection opens.
 */
export class GatedPool extends pg.Pool {
  readonly #limit: number;
  readonly #waitMs: number;
  #inUse = 0;
  #reachable = true;
  readonly #queue: { grant: () => void; fail: (err: Error) => void }[] = [];

  constructor(config: pg.PoolConfig & { max: number; waitMs: number }) {
    const { waitMs, ...poolConfig } = config;
    super(poolConfig);
    this.#limit = config.max;
    this.#waitMs = waitMs;
  }

  /** Callers queued for a connection in front of the pool. */
  get gateWaiting(): number {
    return this.#queue.length;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const acquired = this.#acquire();
    if (!callback) return acquired;
    acquired.then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  async #acquire(): Promise<pg.PoolClient> {
    await this.#slot();
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      // Queued callers fail first, so the freed slot does not send one more of them to wait for the same timeout.
      if (isDatabaseUnavailable(err)) this.#unreachable(err as Error);
      this.#free();
      throw err;
    }
    this.#reachable = true;
    // The pool gives each checkout its own release; the slot is freed by the first call of it.
    const release = client.release.bind(client);
    let freed = false;
    client.release = (err?: Error | boolean) => {
      if (!freed) {
        freed = true;
        this.#free();
      }
      release(err);
    };
    return client;
  }

  #slot(): Promise<void> {
    if (this.#inUse < this.#limit) {
      this.#inUse++;
      return Promise.resolve();
    }
    if (!this.#reachable) return Promise.reject(unreachableError());
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        this.#queue.splice(this.#queue.indexOf(waiter), 1);
        reject(new Error('timeout exceeded when trying to connect'));
      }, this.#waitMs);
      timer.unref();
      this.#queue.push(waiter);
    });
  }

  /** A slot comes free: it passes to the first queued caller, if any. */
  #free() {
    const next = this.#queue.shift();
    if (next) next.grant();
    else this.#inUse--;
  }

  #unreachable(cause: Error) {
    this.#reachable = false;
    for (const waiter of this.#queue.splice(0)) waiter.fail(unreachableError(cause));
  }
}

function unreachableError(cause?: Error): Error {
  return new Error('Connection terminated: the database is unreachable', { cause });
}

/** Wraps a node-postgres pool on a real PostgreSQL server. */
export function pgDatabase(pool: pg.Pool): Database {
  // An idle pooled connection that the server ends (a restart, a failover, an administrator's terminate) is emitted
  // as a pool 'error'; unhandled, it would crash the process. The pool drops that connection and opens a new one for
  // the next query, so noting it is all there is to do.
  pool.on('error', (err) => {
    console.warn(`[db] an idle PostgreSQL connection was closed by the server: ${err.message}`);
  });
  const db = drizzlePg({ client: pool, schema });
  pools.set(db, pool);
  let closed = false;
  return {
    db: db as unknown as Db,
    driver: 'pg',
    migrate: () => migratePg(db, { migrationsFolder: migrationsDir }),
    async exclusive(fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db,
 * guarded by DATA_DIR/db.lock so a second process cannot open the same directory.
 */
export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  dbPool?: { max: number; connectTimeoutMs: number; waitMs: number };
}): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new GatedPool({
      connectionString: config.databaseUrl,
      max: config.dbPool?.max ?? 10,
      // Opening a connection takes at most this long, then the request answers 503: with the database away,
      // nothing hangs until the client gives up.
      connectionTimeoutMillis: config.dbPool?.connectTimeoutMs ?? 1_500,
      // While the database answers, a request waits this long for a busy pool's free connection.
      waitMs: config.dbPool?.waitMs ?? 10_000,
      // A dead server behind a silent network is noticed by TCP keepalive instead of never.
      keepAlive: true,
    });
    return pgDatabase(pool);
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const client = new PGlite(path.join(config.dataDir, 'db'), { extensions: pgliteExtensions });
    // Not awaited: queries wait for readiness themselves, so the caller can build the app while PGlite
    // starts; a start-up failure surfaces on the first query (the migration).
    client.waitReady.catch(() => undefined);
    return pgliteDatabase(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/** `select 1`, for readiness probes. */
export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
