// npm run backup / restore on PostgreSQL (pg_dump / pg_restore) while the server runs. Needs TEST_DATABASE_URL and
// `npm run build`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { backup, restore } from './backup.mjs';
import { addUserWithAvatar, assertSameRows, assertSameUpload, storedFileDigests } from './lib/backup-check.mjs';
import { createDatabase, freePort, serverProcess } from './lib/stack.mjs';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is required');
const tmp = mkdtempSync(path.join(tmpdir(), 'backup-pg-'));
const dataDir = path.join(tmp, 'data');
const restoredDir = path.join(tmp, 'restored');
const out = path.join(tmp, 'backup');
let source;
let target;
let server;
let added;

before(async () => {
  source = await createDatabase(adminUrl, 'backup_src');
  target = await createDatabase(adminUrl, 'backup_dst');
  server = serverProcess({
    name: 'pg',
    port: await freePort(),
    env: {
      DATABASE_URL: source.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    },
  });
  await server.start();
  added = await addUserWithAvatar(server.base, '13955550002');
});
after(async () => {
  await server?.stop();
  await source?.drop();
  await target?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

test('back up while the server runs, restore into an empty database: same row counts, same sample rows, same uploads', async () => {
  const { manifest } = await backup({ env: { DATABASE_URL: source.url, DATA_DIR: dataDir }, out });
  assert.equal(manifest.driver, 'pg');
  assert.ok(manifest.rows['public.users'] > 0);
  // Every stored file: the avatar and its narrower copy, and whatever else the site keeps (magazine PDFs, videos).
  const stored = storedFileDigests(dataDir);
  assert.ok(Object.keys(stored).filter((k) => k.startsWith('uploads/avatars/')).length === 2, Object.keys(stored).join(', '));
  assert.equal(manifest.upload_files, Object.keys(stored).length);
  // The server kept serving during the backup.
  assert.equal((await fetch(`${server.base}/api/readyz`)).status, 200);

  const { rows } = await restore({ env: { DATABASE_URL: target.url, DATA_DIR: restoredDir }, from: out });
  assert.deepEqual(rows, manifest.rows);
  await assertSameRows(
    async (sql) => (await source.pool.query(sql)).rows,
    async (sql) => (await target.pool.query(sql)).rows,
  );
  assertSameUpload(dataDir, restoredDir, added.avatar);
  assert.deepEqual(storedFileDigests(restoredDir), stored);
  // Sequences come back too: a new row on the restored database gets a fresh id.
  const { rows: seq } = await target.pool.query(
    `select (select max(id) from users) < nextval(pg_get_serial_sequence('users', 'id')) as fresh`,
  );
  assert.equal(seq[0].fresh, true);
});

test('a restore refuses a database that is not empty', async () => {
  await assert.rejects(
    restore({ env: { DATABASE_URL: target.url, DATA_DIR: path.join(tmp, 'other') }, from: out }),
    /not empty/,
  );
});
