// npm run backup / restore with STORAGE_DRIVER=s3 (PGlite database, files in an s3rver bucket): the backup holds the
// bucket's stored files, read through the storage port and checked by SHA-256; a restore puts them into an empty
// bucket prefix and refuses one that holds files. Needs `npm run build`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { backup, restore } from './backup.mjs';
import { storedFileDigests as digestsUnder } from './lib/backup-check.mjs';
import { freePort, root, serverProcess, startS3rver } from './lib/stack.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'backup-s3-'));
const dataDir = path.join(tmp, 'data');
const out = path.join(tmp, 'backup');
const FILES = {
  'uploads/avatars/0123456789abcdef0123456789abcdef.webp': randomBytes(2_000),
  'videos/hls/lesson-9/v0/seg1.ts': randomBytes(200_000),
  'magazines/2026-11.pdf': randomBytes(600_000),
};
const sha = (b) => createHash('sha256').update(b).digest('hex');
let s3;
let env;

/** npm run storage:migrate with `extra` environment (DATA_DIR, S3_PREFIX). */
async function migrate(args, extra) {
  // Asynchronous: s3rver answers from this process.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'storage-migrate.mjs'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...s3.env, LOG_LEVEL: 'silent', ...extra },
  });
  let text = '';
  child.stdout.on('data', (c) => (text += c.toString()));
  child.stderr.on('data', (c) => (text += c.toString()));
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  assert.equal(status, 0, text);
}

const seeded = Object.fromEntries(Object.entries(FILES).map(([k, b]) => [k, sha(b)]));
/** What the bucket holds before the backup (the seeded files, and any the server put there itself). */
let expected;

before(async () => {
  s3 = await startS3rver({ dir: path.join(tmp, 's3') });
  env = { ...s3.env, S3_PREFIX: 'site/', DATA_DIR: dataDir };
  // A database to back up: the server makes it on its first start (on the S3 driver).
  const server = serverProcess({
    name: 'pglite-s3',
    port: await freePort(),
    env: { ...env, NODE_ENV: 'development', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  await server.start();
  assert.equal(await server.stop('SIGTERM'), 0);
  // The site's files, put into the bucket.
  const seed = path.join(tmp, 'seed');
  for (const [key, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(seed, key)), { recursive: true });
    writeFileSync(path.join(seed, key), body);
  }
  await migrate(['--from', 'local', '--to', 's3'], { DATA_DIR: seed, S3_PREFIX: 'site/' });
  const view = path.join(tmp, 'bucket-view');
  await migrate(['--from', 's3', '--to', 'local'], { DATA_DIR: view, S3_PREFIX: 'site/' });
  expected = digestsUnder(view);
  for (const [key, digest] of Object.entries(seeded)) assert.equal(expected[key], digest, key);
});
after(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

test('a backup on the S3 driver holds every stored file of the bucket, with its SHA-256 listed', async () => {
  const { manifest } = await backup({ env, out });
  assert.equal(manifest.storage, 's3');
  assert.equal(manifest.upload_files, Object.keys(expected).length);
  assert.ok(manifest.rows['public.users'] > 0);
  assert.deepEqual(digestsUnder(out), expected);
  const listed = readFileSync(path.join(out, 'files.jsonl'), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l));
  assert.deepEqual(Object.fromEntries(listed.map((e) => [e.key, e.sha256])), expected);
  // The bucket is left as it was (nothing in DATA_DIR either: the files never touch the server's disk).
  assert.deepEqual(digestsUnder(dataDir), {});
});

test('a restore on the S3 driver puts the files into an empty bucket prefix, and refuses one that holds files', async () => {
  const restoredDir = path.join(tmp, 'restored');
  const restoredEnv = { ...s3.env, S3_PREFIX: 'restored/', DATA_DIR: restoredDir };
  const { rows, manifest } = await restore({ env: restoredEnv, from: out });
  assert.deepEqual(rows, manifest.rows);
  // Read back from the restored prefix.
  const check = path.join(tmp, 'check');
  await migrate(['--from', 's3', '--to', 'local'], { DATA_DIR: check, S3_PREFIX: 'restored/' });
  assert.deepEqual(digestsUnder(check), expected);

  await assert.rejects(
    restore({ env: { ...s3.env, S3_PREFIX: 'site/', DATA_DIR: path.join(tmp, 'restored-2') }, from: out }),
    /storage:migrate .* failed/,
  );
});
