import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { APP_MODULES, buildApp, membersEntry } from '../app';
import type { App, AppModule } from '../lib/app-module';
import { loadConfig, type Config } from '../config/config';
import type { Database, Db } from '../db/client';
import { ManualClock } from '../lib/clock';
import { s3TestEnv } from './s3-test-server';
import { cloneTestDatabase } from './test-db';

/** A tiny built web app (index.html + one hashed asset) so static serving is tested without building apps/web. */
export const fixtureWebDistDir = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

/** The app's modules with the members module replaced (e.g. by one wired with a test WechatPayerSource). */
export function modulesWithMembers(members: AppModule): AppModule[] {
  return APP_MODULES.map((m) => (m === membersEntry ? members : m));
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Closes the app, then the database; removes the temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The real app on a private, migrated and seeded database (PGlite clone, or PostgreSQL when the run has
 * TEST_DATABASE_URL), with a manual clock and a temporary DATA_DIR. Use one per test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 *   it('...', async () => { const res = await t.app.inject({ method: 'GET', url: '/api/problems' }); });
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: ManualClock;
    extraModules?: AppModule[];
    /** Replaces the app's modules (default APP_MODULES), e.g. one wired with a test port. */
    modules?: readonly AppModule[];
    /** The storage driver: the local disk under the temporary DATA_DIR (default), or a fresh bucket on the run's s3rver. */
    storage?: 'local' | 's3';
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: fixtureWebDistDir,
    ...(opts.storage === 's3' ? s3TestEnv(inject('s3Endpoint')) : {}),
    ...opts.env,
  });
  const database = await cloneTestDatabase(inject('testDbTemplate'));
  const clock = opts.clock ?? new ManualClock();
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger: false,
    extraModules: opts.extraModules ?? [],
    modules: opts.modules,
  });
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
