#!/usr/bin/env node
// `npm run admin:create -- --phone 13912345678`: creates or promotes the first administrator on the configured
// database (DATABASE_URL, or PGlite in DATA_DIR: stop the server first). Builds the server bundle when it is missing
// or out of date (as `npm start` does), then runs apps/server/dist/admin-create.js with the same arguments.
import { runServerCli } from './lib/server-cli.mjs';

runServerCli('admin-create', 'admin:create');
