#!/usr/bin/env node
// `npm run admin:create -- --phone 13912345678`: creates or promotes the first administrator on the configured
// database (DATABASE_URL, or PGlite in DATA_DIR: stop the server first). Builds the server bundle when it is missing
// or out of date (as `npm start` does), then runs apps/server/dist/admin-create.js with the same arguments.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builds, isStale } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const server = builds.find((b) => b.name === 'server');

if (isStale(server.output, server.sources)) {
  process.stderr.write('[admin:create] building the server (output missing or older than its sources)\n');
  const r = spawnSync(npm, ['run', 'build', '--silent', '-w', server.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(
  process.execPath,
  [path.join(root, 'apps', 'server', 'dist', 'admin-create.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
