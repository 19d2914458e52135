import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { keepPgliteSharedBuffers } from './db/pglite-settings';
import { seedDatabase } from './db/seed/index';
import { withStartupRetry } from './db/startup-retry';
import { systemClock } from './lib/clock';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long a starting process waits for its database before it gives up (systemd or the operator starts it again). */
const STARTUP_DB_WAIT_MS = 30_000;
/** PGlite runs no autovacuum: refresh planner statistics after start and hourly, or plans go stale as tables grow. */
const ANALYZE_INTERVAL_MS = 3_600_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  // The app is built while the database starts and migrates: neither needs the other until requests come.
  const building = buildApp({ config, db: database.db, clock: systemClock });
  const preparing = withStartupRetry(
    () =>
      database.exclusive(async () => {
        await database.migrate();
        return seedDatabase(database.db, { config, clock: systemClock });
      }),
    {
      waitMs: STARTUP_DB_WAIT_MS,
      onRetry: (err) => console.error(`database not reachable at start-up, trying again: ${String(err)}`),
    },
  );
  try {
    let seeded: string[];
    [app, seeded] = await Promise.all([building, preparing]);
    // Operators (and the scale-out test) see which process seeded a fresh database: only one of several may.
    app.log.info({ seeded }, seeded.length ? 'database seeded' : 'database already seeded');
    if (database.driver === 'pglite') {
      // Not fatal: the database works with any buffer size; the setting only trims an idle process's memory.
      await keepPgliteSharedBuffers(database.db, config.pgliteSharedBuffersMb).then(
        (changed) =>
          changed &&
          app.log.info({ mb: config.pgliteSharedBuffersMb }, 'embedded database shared_buffers set; in force from the next start'),
        (err: unknown) => app.log.warn({ err }, 'could not set the embedded database shared_buffers'),
      );
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(err);
    const [built] = await Promise.allSettled([building, preparing]);
    if (built.status === 'fulfilled') await built.value.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  let analyzeTimer: NodeJS.Timeout | undefined;
  if (database.driver === 'pglite') {
    const analyze = () =>
      void database.db.execute(sql`ANALYZE`).catch((err: unknown) => app.log.warn({ err }, 'ANALYZE failed'));
    // After listening, so it never delays readiness.
    setTimeout(analyze, 5_000).unref();
    analyzeTimer = setInterval(analyze, ANALYZE_INTERVAL_MS);
    analyzeTimer.unref();
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(analyzeTimer);
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Stops accepting connections and waits for in-flight requests. A keep-alive connection (a proxy's pool) that
      // was busy when closing began answers with `Connection: close`, but one that merely goes idle afterwards would
      // be held until its keep-alive timeout: close those as they become idle.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(idle));
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal (Ctrl+C reaches both `npm start`'s launcher and the server, and the launcher
  // forwards it) must not fall back to the default action and kill the process in the middle of its shutdown.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
