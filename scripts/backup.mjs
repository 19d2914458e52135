#!/usr/bin/env node
// Backup and restore of the database and the stored files, with the server's own settings (DATABASE_URL, DATA_DIR,
// STORAGE_DRIVER and S3_*, read from the environment like the server does).
//
//   npm run backup  -- [--out DIR]     writes DIR (default backups/backup-<UTC time>) with
//                                      db.dump (PostgreSQL: pg_dump custom format) or db.tar.gz (PGlite data dir),
//                                      the stored files (uploads/, videos/, magazines/: copied from DATA_DIR, or
//                                      from the bucket through the storage port) and manifest.json (row counts)
//   npm run restore -- --from DIR      restores into an EMPTY database (PostgreSQL: pg_restore; PGlite: DATA_DIR/db
//                                      must not exist) and empty storage (DATA_DIR's stored-file directories, or no
//                                      stored file in the bucket under S3_PREFIX), then compares the row counts
//
// On STORAGE_DRIVER=s3 the files go through `npm run storage:migrate` (s3 -> the backup directory, and back), so each
// one is checked by size and SHA-256; the backup keeps that list as files.jsonl.
//
// PostgreSQL: both run while the servers run (pg_dump reads one consistent snapshot). PGlite is single-process:
// stop the server, back up, start it again (the script refuses while the server holds DATA_DIR/db.lock).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCHEMAS = ['public', 'drizzle'];
/** The stored files' top directories (STORED_FILE_PREFIXES of apps/server/src/lib/storage/storage.ts). */
const STORED_DIRS = ['uploads', 'videos', 'magazines'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function settings(env = process.env, cwd = process.cwd()) {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || './data');
  const storage = env.STORAGE_DRIVER?.trim() === 's3' ? 's3' : 'local';
  return { databaseUrl, dataDir, storage };
}

function fail(message) {
  const err = new Error(message);
  err.userFacing = true;
  throw err;
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env } });
  if (r.error)
    fail(
      `${cmd}: ${r.error.message} (install PostgreSQL's client programs: apt-get install postgresql-client)`,
    );
  if (r.status !== 0) fail(`${cmd} failed (${r.status}): ${r.stderr.toString().trim()}`);
}

/** Row count of every table of the application's schemas, `schema.table` -> count. */
async function rowCounts(query) {
  const tables = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  const counts = {};
  for (const { s, t } of tables) {
    const [{ n }] = await query(`select count(*)::bigint as n from "${s}"."${t}"`);
    counts[`${s}.${t}`] = Number(n);
  }
  return counts;
}

async function withPg(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

async function openPglite(dir, options = {}) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(dir, { extensions: { pg_trgm }, ...options });
  await db.waitReady;
  return db;
}

/** The server's DATA_DIR/db.lock (its pid): a PGlite backup needs the server stopped. */
function lockDataDir(dataDir) {
  const lockFile = path.join(dataDir, 'db.lock');
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (e) {
      alive = e.code === 'EPERM';
    }
    if (alive) fail(`the server (pid ${pid}) is using ${dataDir}: stop it, back up, then start it again`);
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

/** Copies the stored-file directories of `from` that exist into `to`; returns the number of files. */
function copyStoredFiles(from, to) {
  let files = 0;
  for (const d of STORED_DIRS) {
    if (!fs.existsSync(path.join(from, d))) continue;
    fs.cpSync(path.join(from, d), path.join(to, d), {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
    });
    for (const e of fs.readdirSync(path.join(to, d), { recursive: true, withFileTypes: true })) if (e.isFile()) files++;
  }
  return files;
}

/**
 * `npm run storage:migrate` between the bucket (the server's S3_* settings) and the local directory `dir`; its summary
 * is printed, a failed file fails the backup or restore. Returns the number of files.
 */
async function migrateThroughPort(env, dir, args) {
  // Asynchronous: the bucket may be served by this very process (the tests' s3rver).
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'storage-migrate.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c.toString()));
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  // Its summary only: not the line per file, nor its advice to delete the source (the bucket or the backup).
  const lines = out.split('\n');
  const from = lines.findIndex((l) => /^迁移/.test(l));
  const to = lines.findIndex((l) => /^源文件未改动/.test(l));
  process.stdout.write(`${lines.slice(from < 0 ? 0 : from, to < 0 ? undefined : to).join('\n')}\n`);
  if (status !== 0) fail(`storage:migrate ${args.slice(0, 4).join(' ')} failed (${status})`);
  const files = /文件 files: +(\d+)/.exec(out);
  return files ? Number(files[1]) : 0;
}

function isEmptyDir(dir) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export async function backup({ env = process.env, out } = {}) {
  const { databaseUrl, dataDir, storage } = settings(env);
  const dir = path.resolve(
    out ?? path.join('backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`),
  );
  if (!isEmptyDir(dir)) fail(`${dir} exists and is not empty`);
  if (!databaseUrl && isEmptyDir(path.join(dataDir, 'db'))) {
    fail(`no database in ${path.join(dataDir, 'db')}: check DATA_DIR (or set DATABASE_URL)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const manifest = { created_at: new Date().toISOString(), driver: databaseUrl ? 'pg' : 'pglite', storage };
  if (databaseUrl) {
    // One snapshot for the whole dump, taken while the servers keep running.
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(dir, 'db.dump')}`,
      `--dbname=${databaseUrl}`,
    ]);
    manifest.rows = await withPg(databaseUrl, rowCounts);
  } else {
    const release = lockDataDir(dataDir);
    try {
      const db = await openPglite(path.join(dataDir, 'db'));
      try {
        manifest.rows = await rowCounts(async (sql, params) => (await db.query(sql, params)).rows);
        const tarball = await db.dumpDataDir('gzip');
        fs.writeFileSync(path.join(dir, 'db.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }
  // After the database: a file uploaded meanwhile is in the backup but not referenced (harmless); stored files are
  // never rewritten in place (new names), so each copy is whole.
  manifest.upload_files =
    storage === 's3'
      ? await migrateThroughPort(env, dir, ['--from', 's3', '--to', 'local', '--state', path.join(dir, 'files.jsonl')])
      : copyStoredFiles(dataDir, dir);
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { dir, manifest };
}

export async function restore({ env = process.env, from } = {}) {
  if (!from) fail('name the backup: npm run restore -- --from backups/backup-...');
  const dir = path.resolve(from);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const { databaseUrl, dataDir, storage } = settings(env);
  if ((manifest.driver === 'pg') !== Boolean(databaseUrl)) {
    fail(
      `this backup is of ${manifest.driver === 'pg' ? 'PostgreSQL: set DATABASE_URL' : 'PGlite: unset DATABASE_URL'}`,
    );
  }
  if (storage === 'local') {
    for (const d of STORED_DIRS) {
      if (!isEmptyDir(path.join(dataDir, d)))
        fail(`${path.join(dataDir, d)} is not empty: restore into an empty DATA_DIR`);
    }
  }
  let rows;
  if (databaseUrl) {
    const existing = await withPg(databaseUrl, (q) =>
      q(`select count(*)::int as n from information_schema.tables where table_schema = any($1)`, [SCHEMAS]),
    );
    if (existing[0].n > 0)
      fail('the target database is not empty: create an empty one (createdb) and point DATABASE_URL at it');
    run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      path.join(dir, 'db.dump'),
    ]);
    rows = await withPg(databaseUrl, rowCounts);
  } else {
    const dbDir = path.join(dataDir, 'db');
    if (!isEmptyDir(dbDir))
      fail(`${dbDir} exists: restore into an empty DATA_DIR (stop the server, move the old one away)`);
    fs.mkdirSync(dataDir, { recursive: true });
    const release = lockDataDir(dataDir);
    try {
      const tarball = new Blob([fs.readFileSync(path.join(dir, 'db.tar.gz'))]);
      const db = await openPglite(dbDir, { loadDataDir: tarball });
      try {
        rows = await rowCounts(async (sql, params) => (await db.query(sql, params)).rows);
        await db.exec('CHECKPOINT');
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  if (storage === 's3') {
    // Into the bucket (under S3_PREFIX), which must hold no stored file yet; an interrupted restore resumes.
    await migrateThroughPort(env, dir, [
      '--from',
      'local',
      '--to',
      's3',
      '--empty-target',
      '--state',
      path.join(dataDir, '.storage-restore.jsonl'),
    ]);
  } else {
    for (const d of STORED_DIRS) fs.rmSync(path.join(dataDir, d), { recursive: true, force: true });
    copyStoredFiles(dir, dataDir);
  }
  const differences = Object.keys({ ...manifest.rows, ...rows }).filter((t) => manifest.rows[t] !== rows[t]);
  if (differences.length) fail(`row counts differ after the restore: ${differences.join(', ')}`);
  return { rows, manifest };
}

function argValue(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'backup') {
      const { dir, manifest } = await backup({ out: argValue(args, '--out') });
      const total = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
      console.log(
        `backup written to ${dir}: ${Object.keys(manifest.rows).length} tables, ${total} rows, ${manifest.upload_files} stored files (${manifest.storage ?? 'local'})`,
      );
    } else if (command === 'restore') {
      const { rows, manifest } = await restore({ from: argValue(args, '--from') });
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      console.log(
        `restored: ${Object.keys(rows).length} tables, ${total} rows (as in the backup), ${manifest.upload_files} stored files`,
      );
    } else {
      console.error('usage: node scripts/backup.mjs backup [--out DIR] | restore --from DIR');
      process.exitCode = 2;
    }
  } catch (err) {
    console.error(err.userFacing ? `备份/恢复失败 / failed: ${err.message}` : err);
    process.exitCode = 1;
  }
}
