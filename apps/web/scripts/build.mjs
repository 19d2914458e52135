#!/usr/bin/env node
// `npm run build -w @app/web`: the site build. It is a production build whatever NODE_ENV the shell or the server
// has (the server's default NODE_ENV is development, and Vite would otherwise ship React's development build:
// bigger, slower, with development-only checks on every render). A developer who wants a development build asks
// for it explicitly: WEB_BUILD_MODE=development npm run build -w @app/web.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const mode = process.env.WEB_BUILD_MODE === 'development' ? 'development' : 'production';
// Vite takes React's build flavour from NODE_ENV, which it reads after loading the config: set it here, first.
process.env.NODE_ENV = mode;
const root = fileURLToPath(new URL('..', import.meta.url));
await build({ root, mode });
// The server-side renderer of public pages (src/app/entry-server.tsx), for the server's web plugin: one file with its
// dependencies bundled, in dist-ssr/ (not in dist/, which is served to browsers).
await build({
  root,
  mode,
  logLevel: 'warn',
  // Vite leaves process.env.NODE_ENV to the server's runtime in a server build; fixed here to the client's flavour, so
  // the renderer is React's production build and antd's class hashes and style cache match the client's (with the
  // server's default NODE_ENV=development antd would otherwise prefix `css-dev-only-do-not-override-`, and the
  // client could not reuse the inlined styles during hydration).
  define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
  build: { ssr: 'src/app/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
  // No 'node' condition: some packages (antd's icons) point it at a CommonJS wrapper that does not bundle; their ESM
  // builds run in Node as well.
  ssr: { noExternal: true, target: 'node', resolve: { conditions: ['module', 'import', 'default'] } },
});
