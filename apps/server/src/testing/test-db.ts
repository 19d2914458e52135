import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgDatabase, pgliteDatabase, pgliteExtensions, type Database } from '../db/client';

export type TestDbTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'pg'; adminUrl: string; template: string };

export function databaseUrlFor(adminUrl: string, dbName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/**
 * A private copy of the migrated, seeded template: an in-memory PGlite loaded from the dump, or a fresh
 * PostgreSQL database cloned from the template (dropped again on close).
 */
export async function cloneTestDatabase(template: TestDbTemplate): Promise<Database> {
  if (template.kind === 'pglite') {
    const dump = new Blob([await fs.readFile(template.dumpFile)]);
    const client = new PGlite({ loadDataDir: dump, extensions: pgliteExtensions });
    await client.waitReady;
    return pgliteDatabase(client);
  }

  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    // Parallel clones of one template can briefly collide ("source database is being accessed").
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const inner = pgDatabase(
    new pg.Pool({ connectionString: databaseUrlFor(template.adminUrl, name), max: 5 }),
  );
  return {
    ...inner,
    async close() {
      await inner.close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
