// Bundles src/server.ts into dist/server.js with its pure-JS dependencies (a few files to load instead of hundreds:
// module resolution was about half of the cold start). Packages that read their own files at run time stay external.
// Migrations are read from apps/server/drizzle, which resolves the same from src/ and dist/ (see src/paths.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/** @type {import('esbuild').Plugin} */
const bundleContracts = {
  name: 'bundle-contracts',
  setup(b) {
    b.onResolve({ filter: /^@app\/contracts(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@app/contracts'.length);
      return { path: sub ? `${contractsSrc}${sub.slice(1)}.ts` : `${contractsSrc}index.ts` };
    });
  },
};

/** Packages that read their own files (WASM, native binaries, static assets, worker scripts) at run time. */
const runtimeFilePackages = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pg-native',
  'pino',
  'thread-stream',
  'piscina',
  'sharp',
];

const outdir = fileURLToPath(new URL('./dist/', import.meta.url));
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  // The server, and the admin:create and storage:migrate commands (same folder depth, so src/paths.ts resolves the same).
  entryPoints: {
    server: fileURLToPath(new URL('./src/server.ts', import.meta.url)),
    'admin-create': fileURLToPath(new URL('./src/cli/admin-create.ts', import.meta.url)),
    // npm run storage:migrate (local disk <-> S3-compatible bucket).
    'storage-migrate': fileURLToPath(new URL('./src/cli/storage-migrate.ts', import.meta.url)),
    // The workbook guard's worker thread, found next to server.js at run time (src/lib/workbook-guard.ts).
    'workbook-worker': fileURLToPath(new URL('./src/lib/workbook-guard.worker.mjs', import.meta.url)),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Packages imported on first use (exceljs, fontkit, the S3 client) go into files of their own, read and compiled
  // only when a request needs them: the files every start loads are 8.3 MB instead of 14.2 MB. All files share dist/,
  // so paths relative to import.meta.url resolve the same from any of them.
  splitting: true,
  target: 'node20',
  // Pure-JS dependencies are bundled too: resolving and reading hundreds of files under node_modules was about
  // half of the cold start. Packages that load files of their own at run time stay external.
  external: runtimeFilePackages,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; import { dirname as __dirnameOf } from 'node:path'; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __dirnameOf(__filename);",
  },
  plugins: [bundleContracts],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`built apps/server/dist/server.js, admin-create.js, storage-migrate.js and workbook-worker.js in ${Date.now() - started} ms`);
