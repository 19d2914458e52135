import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Db, pgliteDatabase } from './client';
import { keepPgliteSharedBuffers } from './pglite-settings';
import { rowsOf } from './sql';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function open(dir: string) {
  const database = pgliteDatabase(new PGlite(dir));
  const [row] = await rowsOf<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
  return { database, inForce: row!.shared_buffers };
}

// About the embedded database only: the PostgreSQL run of the suite has nothing to add.
const template = inject('testDbTemplate');

describe('the embedded database keeps its shared_buffers setting', () => {
  it.skipIf(template.kind !== 'pglite')('writes the setting for the next start, which then runs with it, and leaves it alone after that', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-settings-'));
    dirs.push(dir);
    const first = await open(dir);
    expect(first.inForce).toBe('128MB');
    expect(await keepPgliteSharedBuffers(first.database.db, 16)).toBe(true);
    // Asked again before a restart: the next start's value already matches.
    expect(await keepPgliteSharedBuffers(first.database.db, 16)).toBe(false);
    await first.database.close();

    const second = await open(dir);
    expect(second.inForce).toBe('16MB');
    expect(await keepPgliteSharedBuffers(second.database.db, 16)).toBe(false);
    expect(await keepPgliteSharedBuffers(second.database.db, 32)).toBe(true);
    await second.database.close();

    const third = await open(dir);
    expect(third.inForce).toBe('32MB');
    await third.database.close();
  }, 120_000);

  it('refuses a value that is not a whole number of MB before it touches the database', async () => {
    // Any use of the database throws, so a refusal that wrote first would fail with another message.
    const untouched = new Proxy({}, {
      get() {
        throw new Error('the database was used');
      },
    }) as Db;
    for (const mb of [0.5, 0, -16, Number.NaN]) {
      await expect(keepPgliteSharedBuffers(untouched, mb)).rejects.toThrow(/whole number/);
    }
  });
});
