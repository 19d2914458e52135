#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then starts the server.
//
// The web site (apps/web/dist) and the server bundle (apps/server/dist) are each rebuilt only when their output is
// missing or older than one of their sources, so a restart on an unchanged checkout starts in about a second.
// `npm run serve` starts the existing build without looking; `npm run build` always rebuilds both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time (ms) of the files under each path (a file or a folder); 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(p);
  return newest;
}

/** The build step is needed when an output (a file or a list) is missing or older than the newest of its sources. */
export function isStale(output, sources) {
  const outputs = Array.isArray(output) ? output : [output];
  if (outputs.some((o) => !existsSync(o))) return true;
  const oldest = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return newestMtime(sources) > oldest;
}

const shared = [at('packages', 'contracts', 'src'), at('package-lock.json'), at('package.json')];

/** Each build with the files it writes (their modification times say when it last ran) and what it is made from. */
export const builds = [
  {
    name: 'web',
    workspace: '@app/web',
    // The site and the server-side renderer of its public pages, both written by apps/web/scripts/build.mjs.
    output: [at('apps', 'web', 'dist', 'index.html'), at('apps', 'web', 'dist-ssr', 'entry-server.js')],
    sources: [
      ...shared,
      at('apps', 'web', 'src'),
      at('apps', 'web', 'public'),
      at('apps', 'web', 'index.html'),
      at('apps', 'web', 'vite.config.ts'),
      at('apps', 'web', 'package.json'),
      at('apps', 'web', 'scripts', 'build.mjs'),
    ],
  },
  {
    name: 'server',
    workspace: '@app/server',
    output: [at('apps', 'server', 'dist', 'server.js'), at('apps', 'server', 'dist', 'admin-create.js')],
    sources: [...shared, at('apps', 'server', 'src'), at('apps', 'server', 'build.mjs'), at('apps', 'server', 'package.json')],
  },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const b of builds) {
    if (!isStale(b.output, b.sources)) {
      process.stdout.write(`[start] ${b.name} build is up to date\n`);
      continue;
    }
    process.stdout.write(`[start] building ${b.name} (output missing or older than its sources)\n`);
    const r = spawnSync(npm, ['run', 'build', '--silent', '-w', b.workspace], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // The server runs as a child so its signals (SIGTERM: checkpoint and close the database) behave as with `serve`.
  // MALLOC_ARENA_MAX=2: glibc would otherwise keep the memory image decoding's threads used (docs/performance-notes.md).
  const env = { MALLOC_ARENA_MAX: '2', ...process.env };
  const child = spawn(process.execPath, [at('apps', 'server', 'dist', 'server.js')], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
