// Runs one of the server's command-line tools (apps/server/dist/<name>.js) with this process's arguments, building the
// server bundle first when it is missing or out of date (as `npm start` does). Used by the npm scripts admin:create and
// storage:migrate.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builds, isStale } from '../start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} name the bundle's name (admin-create, storage-migrate); `label` names the npm script in messages. */
export function runServerCli(name, label) {
  const server = builds.find((b) => b.name === 'server');
  if (isStale(server.output, server.sources)) {
    process.stderr.write(`[${label}] building the server (output missing or older than its sources)\n`);
    const r = spawnSync(npm, ['run', 'build', '--silent', '-w', server.workspace], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const child = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', `${name}.js`), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
