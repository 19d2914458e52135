import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes our pid and removes the file on release', () => {
  const release = acquireDataDirLock(dir);
  expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
});

it('refuses while a live process holds the lock, with a Chinese and English message', async () => {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    fs.writeFileSync(path.join(dir, 'db.lock'), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      /数据目录已被另一个服务进程（PID \d+）占用.*\n.*in use by another server process/,
    );
  } finally {
    other.kill();
  }
});

it('refuses a second open from the same process', () => {
  const release = acquireDataDirLock(dir);
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  release();
});

it('takes over a stale lock whose process is dead', async () => {
  const dead = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => dead.on('exit', r));
  fs.writeFileSync(path.join(dir, 'db.lock'), String(dead.pid));
  const release = acquireDataDirLock(dir);
  expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
  release();
});
