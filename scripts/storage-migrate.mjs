#!/usr/bin/env node
// `npm run storage:migrate -- --from local --to s3` (or `--from s3 --to local`): copies every stored file between
// DATA_DIR and the bucket named by S3_*, verified, resumable (apps/server/src/cli/storage-migrate.ts). Builds the
// server bundle when it is missing or out of date (as `npm start` does), then runs apps/server/dist/storage-migrate.js
// with the same arguments.
import { runServerCli } from './lib/server-cli.mjs';

runServerCli('storage-migrate', 'storage:migrate');
