import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgDatabase, pgliteDatabase, pgliteExtensions, type Database } from '../db/client';
import { seedDatabase } from '../db/seed/index';
import { ManualClock } from '../lib/clock';
import { startS3TestServer } from './s3-test-server';
import { databaseUrlFor, type TestDbTemplate } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate;
    /** The run's S3 protocol endpoint (s3rver), for tests on the S3 storage driver. */
    s3Endpoint: string;
  }
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db, {
    config: { siteName: '财务管理协会人才培训平台', seedDemo: true },
    clock: new ManualClock(),
  });
}

/**
 * Makes ONE migrated and seeded database for the whole run: a PGlite dump file (default), or a template
 * database on the PostgreSQL server named by TEST_DATABASE_URL (a superuser URL). Test files clone it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const s3 = await startS3TestServer();
  project.provide('s3Endpoint', s3.endpoint);
  const closeDb = await setupDatabase(project);
  return async () => {
    await closeDb();
    await s3.close();
  };
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `t_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = pgDatabase(new pg.Pool({ connectionString: databaseUrlFor(adminUrl, name), max: 1 }));
    await prepare(database);
    await database.close();
    project.provide('testDbTemplate', { kind: 'pg', adminUrl, template: name });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const client = new PGlite({ extensions: pgliteExtensions });
  const database = pgliteDatabase(client);
  await prepare(database);
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(
    os.tmpdir(),
    `server-test-db-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDbTemplate', { kind: 'pglite', dumpFile });
  return async () => {
    await fs.rm(dumpFile, { force: true });
  };
}
