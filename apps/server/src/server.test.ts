import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { pgliteExtensions } from './db/client';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const template = inject('testDbTemplate');

interface Running {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

function startServer(dataDir: string): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited before listening: ${stderr}`)));
  });
  url.catch(() => undefined);
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, url, exit };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-process-'));
  if (template.kind !== 'pglite') return;
  // Start from the migrated, seeded template so the test measures a restart, not initdb.
  const db = new PGlite(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([await fs.readFile(template.dumpFile)]),
    extensions: pgliteExtensions,
  });
  await db.close();
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

it.skipIf(template.kind !== 'pglite')(
  'serves, refuses a second process on the same data dir, stops cleanly on SIGTERM and restarts with its data',
  async () => {
    const first = startServer(dataDir);
    const base = await first.url;
    const problems = (await (await fetch(`${base}/api/problems`)).json()) as { code: number };
    expect(problems.code).toBe(200);
    expect(await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = startServer(dataDir);
    const refused = await second.exit;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('数据目录已被另一个服务进程');
    expect(refused.stderr).toContain('in use by another server process');

    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);
    await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();

    const again = startServer(dataDir);
    const base2 = await again.url;
    expect(await (await fetch(`${base2}/api/problems`)).json()).toEqual(problems);
    again.child.kill('SIGTERM');
    expect((await again.exit).code).toBe(0);
  },
  60_000,
);
