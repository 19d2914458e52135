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
await build({ root: fileURLToPath(new URL('..', import.meta.url)), mode });
