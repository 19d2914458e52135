import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cloneTestDatabase } from '../testing/test-db';
import { pingDb, type Database } from './client';

const template = inject('testDbTemplate');
let database: Database;
beforeAll(async () => {
  database = await cloneTestDatabase(template);
});
afterAll(() => database.close());

it('answers select 1 and has pg_trgm loaded', async () => {
  await pingDb(database.db);
  const res = await database.db.execute(sql`select similarity('学员指南', '学员') > 0 as similar`);
  expect((res as unknown as { rows: { similar: boolean }[] }).rows[0]?.similar).toBe(true);
});

it('re-running the migrations on a migrated database changes nothing', async () => {
  await expect(database.migrate()).resolves.toBeUndefined();
});

it.skipIf(template.kind !== 'pg')('serialises start-up work across connections on PostgreSQL', async () => {
  const events: string[] = [];
  const step = (name: string) => async () => {
    events.push(`${name}:start`);
    await new Promise((r) => setTimeout(r, 100));
    events.push(`${name}:end`);
  };
  await Promise.all([database.exclusive(step('a')), database.exclusive(step('b'))]);
  const first = events[0]!.split(':')[0];
  const second = first === 'a' ? 'b' : 'a';
  expect(events).toEqual([`${first}:start`, `${first}:end`, `${second}:start`, `${second}:end`]);
});

it.skipIf(template.kind !== 'pg')('survives the server ending its idle connections, and the next query opens a new one', async () => {
  await pingDb(database.db);
  // Ends every other connection to this database, the pool's idle ones included, as a restart or failover would.
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await new Promise((r) => setTimeout(r, 200));
  await expect(pingDb(database.db)).resolves.toBeUndefined();
});
