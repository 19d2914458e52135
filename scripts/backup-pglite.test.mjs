// npm run backup / restore on the embedded PGlite database: needs `npm run build` (the built server makes the data).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { backup, restore } from './backup.mjs';
import { addUserWithAvatar, assertSameRows, assertSameUpload, storedFileDigests } from './lib/backup-check.mjs';
import { freePort, serverProcess } from './lib/stack.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'backup-pglite-'));
const dataDir = path.join(tmp, 'data');
const restoredDir = path.join(tmp, 'restored');
const out = path.join(tmp, 'backup');
let server;
let added;

before(async () => {
  server = serverProcess({
    name: 'pglite',
    port: await freePort(),
    env: { DATA_DIR: dataDir, NODE_ENV: 'development', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  await server.start();
  added = await addUserWithAvatar(server.base, '13955550001');
});
after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('a PGlite backup is refused while the server holds the data directory', async () => {
  await assert.rejects(backup({ env: { DATA_DIR: dataDir }, out }), /stop it, back up, then start it again/);
});

test('stop, back up, restore into an empty data directory: same row counts, same sample rows, same uploads', async () => {
  assert.equal(await server.stop('SIGTERM'), 0);
  const { manifest } = await backup({ env: { DATA_DIR: dataDir }, out });
  assert.equal(manifest.driver, 'pglite');
  assert.ok(manifest.rows['public.users'] > 0);
  // Every stored file: the avatar and its narrower copy, and whatever else the site keeps (magazine PDFs, videos).
  const stored = storedFileDigests(dataDir);
  assert.ok(Object.keys(stored).filter((k) => k.startsWith('uploads/avatars/')).length === 2, Object.keys(stored).join(', '));
  assert.equal(manifest.upload_files, Object.keys(stored).length);

  const { rows } = await restore({ env: { DATA_DIR: restoredDir }, from: out });
  assert.deepEqual(rows, manifest.rows);

  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const original = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  const restored = new PGlite(path.join(restoredDir, 'db'), { extensions: { pg_trgm } });
  try {
    await assertSameRows(
      async (sql) => (await original.query(sql)).rows,
      async (sql) => (await restored.query(sql)).rows,
    );
    const [{ avatar }] = (await restored.query('select avatar from users where phone = $1', [added.phone]))
      .rows;
    assert.equal(avatar, added.avatar);
  } finally {
    await original.close();
    await restored.close();
  }
  assertSameUpload(dataDir, restoredDir, added.avatar);
  assert.deepEqual(storedFileDigests(restoredDir), stored);

  // The restored directory serves: a server starts on it and logs the user in.
  const again = serverProcess({
    name: 'restored',
    port: await freePort(),
    env: { DATA_DIR: restoredDir, NODE_ENV: 'development' },
  });
  await again.start();
  try {
    const res = await fetch(`${again.base}/api/users/account_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: added.phone, password: 'Backup_1234' }),
    });
    assert.equal(res.status, 200);
    assert.equal((await fetch(`${again.base}${added.avatar}`)).status, 200);
  } finally {
    assert.equal(await again.stop('SIGTERM'), 0);
  }
});

test('a restore refuses a data directory that already has a database', async () => {
  await assert.rejects(restore({ env: { DATA_DIR: restoredDir }, from: out }), /not empty|exists/);
});
