// storage:migrate between the local disk and the S3 driver (the run's s3rver): every stored file arrives intact both
// ways, an interrupted or partly failed run is completed by a rerun that copies only what is not verified yet, and the
// source is never changed.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createLocalStorage, createStorage, type Storage } from '../lib/storage';
import { s3TestEnv } from '../testing/s3-test-server';
import { migrateStorage, MigrationInterrupted, type MigrationOptions } from './storage-migration';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Stored files of mixed sizes and depths, and files of DATA_DIR that are not stored files (never copied). */
const FILES: Record<string, Buffer> = {
  'uploads/avatars/3f9a.webp': randomBytes(1_234),
  'uploads/content/2026/11/article-7/figure.png': randomBytes(48 * 1024),
  'uploads/course-videos/12.part': Buffer.alloc(0),
  'videos/hls/abc/master.m3u8': Buffer.from('#EXTM3U\n'),
  'videos/hls/abc/v0/seg1.ts': randomBytes(300 * 1024),
  'videos/lesson-1.mp4': randomBytes(5 * MiB + 777_777), // > 5 MiB: a multipart upload of two parts
  'magazines/2026-11.pdf': randomBytes(2 * MiB),
};
const NOT_STORED = { 'db/PG_VERSION': '17', 'live/room-1/index.m3u8': '#EXTM3U', 'db.lock': '1' };

/** Every file under `dir`: relative path -> SHA-256 and mtime (to prove the source was left alone). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    const st = await fs.stat(file);
    out[path.relative(dir, file)] = `${sha(await fs.readFile(file))} ${st.mtimeMs}`;
  }
  return out;
}

async function storedDigests(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const prefix of ['uploads/', 'videos/', 'magazines/']) {
    for await (const { key } of storage.list(prefix)) out[key] = sha((await storage.read(key))!);
  }
  return out;
}

const expected = Object.fromEntries(Object.entries(FILES).map(([k, b]) => [k, sha(b)]));

/** A target that counts the copies made through it, and can fail chosen keys once. */
function counting(target: Storage, failOnce: Set<string> = new Set()) {
  const copies: string[] = [];
  const fail = (key: string) => {
    if (failOnce.delete(key)) throw new Error('connection reset by peer');
  };
  const wrapped: Storage = {
    ...target,
    async putFile(key, file, options) {
      fail(key);
      copies.push(key);
      return target.putFile(key, file, options);
    },
    async put(key, body, options) {
      fail(key);
      copies.push(key);
      return target.put(key, body, options);
    },
    multipart: {
      ...target.multipart,
      async create(key, contentType) {
        fail(key);
        copies.push(key);
        return target.multipart.create(key, contentType);
      },
    },
  };
  return { wrapped, copies };
}

let tmp: string;
let sourceDir: string;
let s3env: Record<string, string>;
let s3: Storage;
const silent = () => undefined;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-migrate-'));
  sourceDir = path.join(tmp, 'source');
  for (const [key, body] of [...Object.entries(FILES), ...Object.entries(NOT_STORED)]) {
    await fs.mkdir(path.dirname(path.join(sourceDir, key)), { recursive: true });
    await fs.writeFile(path.join(sourceDir, key), body);
  }
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

function freshBucketPrefix() {
  s3env = s3TestEnv(inject('s3Endpoint'));
  s3 = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, ...s3env }));
}

function options(o: Partial<MigrationOptions> & Pick<MigrationOptions, 'source' | 'target' | 'statePath'>): MigrationOptions {
  return { sourceName: 'src', targetName: 'dst', multipartThreshold: 5 * MiB, partSize: 5 * MiB, log: silent, ...o };
}

describe('storage:migrate', () => {
  it('moves every stored file local -> S3 -> local with the same SHA-256, copies nothing else, and leaves the source untouched', async () => {
    freshBucketPrefix();
    const before = await snapshot(sourceDir);
    const local = createLocalStorage(sourceDir);

    const up = await migrateStorage(options({ source: local, target: s3, statePath: path.join(tmp, 'up.jsonl') }));
    expect(up).toMatchObject({ files: 7, copied: 7, skipped: 0, failed: [] });
    expect(up.bytesTotal).toBe(Object.values(FILES).reduce((s, b) => s + b.length, 0));
    expect(up.bytesCopied).toBe(up.bytesTotal);
    expect(await storedDigests(s3)).toEqual(expected);

    const backDir = path.join(tmp, 'back');
    const down = await migrateStorage(
      options({ source: s3, target: createLocalStorage(backDir), statePath: path.join(tmp, 'down.jsonl') }),
    );
    expect(down).toMatchObject({ files: 7, copied: 7, failed: [] });
    const back = await snapshot(backDir);
    expect(Object.keys(back).sort()).toEqual(Object.keys(FILES).sort());
    for (const [key, digest] of Object.entries(expected)) expect(back[key]?.split(' ')[0]).toBe(digest);

    expect(await snapshot(sourceDir)).toEqual(before);
    // The journal records every verified key with its size and digest.
    const journal = (await fs.readFile(path.join(tmp, 'up.jsonl'), 'utf8')).trim().split('\n').slice(1).map((l) => JSON.parse(l));
    expect(journal.map((e: { key: string; sha256: string }) => [e.key, e.sha256]).sort()).toEqual(Object.entries(expected).sort());
  }, 60_000);

  it('resumes an interrupted run: the rerun copies only unverified files and re-checks one the cut-off run left half done', async () => {
    freshBucketPrefix();
    const before = await snapshot(sourceDir);
    const local = createLocalStorage(sourceDir);
    const statePath = path.join(tmp, 'interrupted.jsonl');
    const first = counting(s3);
    await expect(
      migrateStorage(
        options({
          source: local,
          target: first.wrapped,
          statePath,
          hooks: {
            afterVerified(_key, n) {
              if (n === 3) throw new MigrationInterrupted('stopped by the operator');
            },
          },
        }),
      ),
    ).rejects.toBeInstanceOf(MigrationInterrupted);
    expect(first.copies).toHaveLength(3);
    // The order the source lists them in: by prefix, then by name.
    const keys = ['uploads/', 'videos/', 'magazines/'].flatMap((p) => Object.keys(FILES).filter((k) => k.startsWith(p)).sort());
    expect(first.copies).toEqual(keys.slice(0, 3));
    // The run was cut off while writing the fourth file: a truncated object is on the target, not in the journal.
    const halfDone = keys[3]!;
    await s3.put(halfDone, FILES[halfDone]!.subarray(0, Math.floor(FILES[halfDone]!.length / 2)), { contentType: 'application/octet-stream' });
    // And the fifth had arrived whole just before the cut (not journaled): read back, not copied again.
    const whole = keys[4]!;
    await s3.put(whole, FILES[whole]!, { contentType: 'application/octet-stream' });

    const lines: string[] = [];
    const second = counting(s3);
    const rerun = await migrateStorage(options({ source: local, target: second.wrapped, statePath, log: (l) => lines.push(l) }));
    expect(rerun.failed).toEqual([]);
    expect(second.copies.sort()).toEqual([halfDone, ...keys.slice(5)].sort());
    expect(rerun).toMatchObject({ files: 7, copied: 3, skipped: 4 });
    expect(lines.filter((l) => l.includes('verified before, skipped'))).toHaveLength(3);
    expect(await storedDigests(s3)).toEqual(expected);
    expect(await snapshot(sourceDir)).toEqual(before);

    // A third run finds everything verified and copies nothing.
    const third = counting(s3);
    expect(await migrateStorage(options({ source: local, target: third.wrapped, statePath }))).toMatchObject({ copied: 0, skipped: 7 });
    expect(third.copies).toEqual([]);
  }, 60_000);

  it('reports a file that failed, and the rerun copies just that one', async () => {
    freshBucketPrefix();
    const local = createLocalStorage(sourceDir);
    const statePath = path.join(tmp, 'failed.jsonl');
    const flaky = counting(s3, new Set(['magazines/2026-11.pdf', 'videos/lesson-1.mp4']));
    const first = await migrateStorage(options({ source: local, target: flaky.wrapped, statePath }));
    expect(first.failed.map((f) => f.key).sort()).toEqual(['magazines/2026-11.pdf', 'videos/lesson-1.mp4']);
    expect(first.copied).toBe(5);
    const again = counting(s3);
    const rerun = await migrateStorage(options({ source: local, target: again.wrapped, statePath }));
    expect(rerun).toMatchObject({ copied: 2, skipped: 5, failed: [] });
    expect(again.copies.sort()).toEqual(['magazines/2026-11.pdf', 'videos/lesson-1.mp4']);
    expect(await storedDigests(s3)).toEqual(expected);
  }, 60_000);

  it('with requireEmptyTarget, refuses to start into a target that holds stored files, but resumes its own run', async () => {
    freshBucketPrefix();
    await s3.put('uploads/avatars/other.webp', 'x', { contentType: 'image/webp' });
    const local = createLocalStorage(sourceDir);
    const statePath = path.join(tmp, 'restore.jsonl');
    await expect(migrateStorage(options({ source: local, target: s3, statePath, requireEmptyTarget: true }))).rejects.toThrow(
      /the target is not empty: dst holds uploads\/avatars\/other.webp/,
    );
    await s3.delete('uploads/avatars/other.webp');
    await expect(
      migrateStorage(
        options({
          source: local,
          target: s3,
          statePath,
          requireEmptyTarget: true,
          hooks: {
            afterVerified(_key, n) {
              if (n === 2) throw new MigrationInterrupted('cut');
            },
          },
        }),
      ),
    ).rejects.toBeInstanceOf(MigrationInterrupted);
    expect(await migrateStorage(options({ source: local, target: s3, statePath, requireEmptyTarget: true }))).toMatchObject({
      copied: 5,
      skipped: 2,
      failed: [],
    });
  });

  it('refuses a journal of another migration', async () => {
    freshBucketPrefix();
    const statePath = path.join(tmp, 'other.jsonl');
    await fs.writeFile(statePath, `${JSON.stringify({ from: 'local:/elsewhere', to: 's3:x' })}\n`);
    await expect(
      migrateStorage(options({ source: createLocalStorage(sourceDir), target: s3, statePath })),
    ).rejects.toThrow(/records another migration/);
  });
});

function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/storage-migrate.ts', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('npm run storage:migrate', () => {
  it('copies DATA_DIR to the bucket while the server is still set to the local disk, prints the summary and how to remove the source; exits 1 naming a file that failed', async () => {
    freshBucketPrefix();
    const dataDir = path.join(tmp, 'cli-data');
    await fs.cp(sourceDir, dataDir, { recursive: true });
    const env = { ...s3env, STORAGE_DRIVER: 'local', DATA_DIR: dataDir };
    const bad = await cli(['--from', 'local', '--to', 'local'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from local|s3 --to s3|local');

    const run = await cli(['--from', 'local', '--to', 's3'], env);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[7/7]');
    expect(run.stdout).toMatch(/迁移完成 \/ Migration complete: local -> s3/);
    expect(run.stdout).toMatch(/已复制 copied: +7/);
    expect(run.stdout).toMatch(/失败 failed: +0/);
    expect(run.stdout).toContain(`rm -r ${path.join(dataDir, 'uploads/')}`);
    expect(await fs.stat(path.join(dataDir, '.storage-migrate-local-to-s3.jsonl'))).toBeTruthy();
    expect(await storedDigests(s3)).toEqual(expected);

    const rerun = await cli(['--from', 'local', '--to', 's3'], env);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toMatch(/已跳过 skipped: 7/);

    // A bucket that cannot be reached: every file fails, the summary names it, the exit code is 1.
    const lonely = path.join(tmp, 'cli-lonely');
    await fs.mkdir(path.join(lonely, 'uploads', 'avatars'), { recursive: true });
    await fs.writeFile(path.join(lonely, 'uploads', 'avatars', 'a.webp'), 'x');
    const down = await cli(['--from', 'local', '--to', 's3'], { ...env, DATA_DIR: lonely, S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/迁移未完成 \/ Migration INCOMPLETE/);
    expect(down.stdout).toMatch(/失败 failed: +1/);
    expect(down.stdout).toContain('uploads/avatars/a.webp: ');
    expect(down.stdout).not.toContain('rm -r');

    // Without the bucket's settings the command names what is missing and fails.
    const noBucket = await cli(['--from', 's3', '--to', 'local'], { DATA_DIR: dataDir });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('S3_BUCKET');
  }, 120_000);
});
