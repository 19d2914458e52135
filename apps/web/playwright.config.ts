// Browser tests against the built site and server, driven by Debian's Chromium (never a downloaded
// browser). `npm test` builds first; to run alone: `npm run build && npm run test:e2e`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const isCI = /^(1|true)$/i.test(process.env.CI ?? '');

// The config is evaluated again in every worker; values chosen here go through the environment so
// the runner and its workers agree on one port and one data directory.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // One file at a time against one server: the specs sign in as the same demo accounts (the member, the company, the
  // administrator), and an account has one session (DECISIONS reading 6), so two files at once log each other out.
  // `npm test` runs two shards at once (--shard=1/2 and 2/2), each with its own server and database.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // E2E_SERVER_COMMAND runs the specs against another start command, e.g. the TypeScript source:
    // E2E_SERVER_COMMAND='node --import tsx apps/server/src/server.ts'.
    command: process.env.E2E_SERVER_COMMAND ?? 'node apps/server/dist/server.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every spec registers its accounts by SMS code from this one address: the per-address cap (30 an hour, a
      // product rule proven by the API tests) would fail a run of more than 30 registrations, or --repeat-each.
      SMS_MAX_PER_IP_PER_HOUR: '100000',
      // Lesson videos uploaded by the course authoring spec are transcoded by the server's own worker.
      VIDEO_TRANSCODE_CONCURRENCY: '1',
      // WeChat binding and sign-in run against the development stand-in of WeChat's authorise screen.
      WECHAT_OA_MODE: 'sandbox',
    },
  },
});
