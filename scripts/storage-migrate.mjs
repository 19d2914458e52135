#!/usr/bin/env node
// `npm run storage:migrate -- --from local --to s3` (or `--from s3 --to local`): copies every stored file between
// DATA_DIR and the bucket named by S3_*, verified, resumable (apps/server/src/cli/storage-migrate.ts). Builds the
// server bundle when it is missing or out of date (as `npm start` does), then runs apps/server/dist/storage-migrate.js
// with the same arguments.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builds, isStale } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const server = builds.find((b) => b.name === 'server');

if (isStale(server.output, server.sources)) {
  process.stderr.write('[storage:migrate] building the server (output missing or older than its sources)\n');
  const r = spawnSync(npm, ['run', 'build', '--silent', '-w', server.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(
  process.execPath,
  [path.join(root, 'apps', 'server', 'dist', 'storage-migrate.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
