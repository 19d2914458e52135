#!/usr/bin/env node
// Backup and restore of the database and the uploads directory, with the server's own settings (DATABASE_URL,
// DATA_DIR, read from the environment like the server does).
//
//   npm run backup  -- [--out DIR]     writes DIR (default backups/backup-<UTC time>) with
//                                      db.dump (PostgreSQL: pg_dump custom format) or db.tar.gz (PGlite data dir),
//                                      uploads/ (a copy of DATA_DIR/uploads) and manifest.json (row counts)
//   npm run restore -- --from DIR      restores into an EMPTY database (PostgreSQL: pg_restore; PGlite: DATA_DIR/db
//                                      must not exist) and an empty DATA_DIR/uploads, then compares the row counts
//
// PostgreSQL: both run while the servers run (pg_dump reads one consistent snapshot). PGlite is single-process:
// stop the server, back up, start it again (the script refuses while the server holds DATA_DIR/db.lock).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCHEMAS = ['public', 'drizzle'];

export function settings(env = process.env, cwd = process.cwd()) {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || './data');
  return { databaseUrl, dataDir };
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

function copyUploads(from, to) {
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
  let files = 0;
  for (const e of fs.readdirSync(to, { recursive: true, withFileTypes: true })) if (e.isFile()) files++;
  return files;
}

function isEmptyDir(dir) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export async function backup({ env = process.env, out } = {}) {
  const { databaseUrl, dataDir } = settings(env);
  const dir = path.resolve(
    out ?? path.join('backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`),
  );
  if (!isEmptyDir(dir)) fail(`${dir} exists and is not empty`);
  if (!databaseUrl && isEmptyDir(path.join(dataDir, 'db'))) {
    fail(`no database in ${path.join(dataDir, 'db')}: check DATA_DIR (or set DATABASE_URL)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const manifest = { created_at: new Date().toISOString(), driver: databaseUrl ? 'pg' : 'pglite' };
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
  manifest.upload_files = copyUploads(path.join(dataDir, 'uploads'), path.join(dir, 'uploads'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { dir, manifest };
}

export async function restore({ env = process.env, from } = {}) {
  if (!from) fail('name the backup: npm run restore -- --from backups/backup-...');
  const dir = path.resolve(from);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const { databaseUrl, dataDir } = settings(env);
  if ((manifest.driver === 'pg') !== Boolean(databaseUrl)) {
    fail(
      `this backup is of ${manifest.driver === 'pg' ? 'PostgreSQL: set DATABASE_URL' : 'PGlite: unset DATABASE_URL'}`,
    );
  }
  const uploads = path.join(dataDir, 'uploads');
  if (!isEmptyDir(uploads)) fail(`${uploads} is not empty: restore into an empty DATA_DIR`);
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
  if (fs.existsSync(path.join(dir, 'uploads'))) {
    fs.rmSync(uploads, { recursive: true, force: true });
    copyUploads(path.join(dir, 'uploads'), uploads);
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
        `backup written to ${dir}: ${Object.keys(manifest.rows).length} tables, ${total} rows, ${manifest.upload_files} uploaded files`,
      );
    } else if (command === 'restore') {
      const { rows, manifest } = await restore({ from: argValue(args, '--from') });
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      console.log(
        `restored: ${Object.keys(rows).length} tables, ${total} rows (as in the backup), ${manifest.upload_files} uploaded files`,
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
