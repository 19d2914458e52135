// Bundles src/server.ts into dist/server.js. npm packages stay external (resolved from node_modules at run time);
// the workspace package @app/contracts is TypeScript source, so it is bundled in. Migrations are read from
// apps/server/drizzle, which resolves the same from src/ and dist/ (see src/paths.ts).
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

const outdir = fileURLToPath(new URL('./dist/', import.meta.url));
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: [fileURLToPath(new URL('./src/server.ts', import.meta.url))],
  outfile: `${outdir}server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleContracts],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`built apps/server/dist/server.js in ${Date.now() - started} ms`);
