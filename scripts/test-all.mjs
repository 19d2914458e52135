#!/usr/bin/env node
// `npm test`: every check of the repository, in order, with one summary.
//
// typecheck -> lint -> node:test (root scripts) -> vitest (contracts, server, web) -> server suite on PostgreSQL
// (TEST_DATABASE_URL), beside: build (with NODE_ENV=development) -> production-bundle check -> Playwright (apps/web/e2e,
// Debian's Chromium; two shards at once, each with its own server and database, E2E_SHARDS=1 for one) ->
// backup/restore (PGlite) -> on PostgreSQL: scale-out (two built processes behind nginx: scripts/scaleout-test.mjs),
// backup/restore (scripts/backup-pg.test.mjs) and a production start with the first administrator
// (scripts/first-admin-pg.test.mjs).
//
// Each runner streams its own output. Test counts come from the runners' JSON reports; typecheck, lint
// and build count as one check each. A runner that exits non-zero without reporting a failed test
// (crash, no tests found, unhandled error) counts as one failure, so nothing fails silently.
// The last line printed is exactly `N passed, N failed`; the exit code is 1 when anything failed.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliFilter, listedTests, planShards, runsInParallelMode, withMeasuredDurations } from './lib/e2e-shards.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const CHROMIUM = '/usr/bin/chromium';
const isCI = /^(1|true)$/i.test(process.env.CI ?? '');
/** Upper bound for one runner, so a hung process cannot stall CI. */
const STEP_TIMEOUT_MS = 15 * 60_000;
/** The browser tests run one file at a time (the demo accounts' one-session rule) and take longer than the rest. */
const E2E_TIMEOUT_MS = 45 * 60_000;

const tmp = mkdtempSync(path.join(tmpdir(), 'test-all-'));
/** @type {{ name: string, passed: number, failed: number, note?: string }[]} */
const results = [];
/** The runners now running (the PostgreSQL server suite runs beside the build and the browser tests). */
const running = new Set();
/** @type {{ name: string, stage: string, error: string }[]} every failed test with its first error line, for the summary */
const failures = [];
const ESC = String.fromCharCode(27);
const plainFirstLine = (text) => String(text ?? '').replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
// vitest's JSON report keeps a timed-out test's stack, whose first line is the placeholder of the error that marked
// where the test was declared, not the timeout's message.
const firstLine = (text) => {
  const line = plainFirstLine(text);
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out (vitest reports it as STACK_TRACE_ERROR)' : line;
};
/** @type {{ name: string, ms: number, stage: string }[]} every test's duration, for the slowest-ten list */
const timings = [];

/** When each stage started, by name: the summary prints how long each took. */
const stageStarted = new Map();
const stageSeconds = (name) => (stageStarted.has(name) ? Math.round((Date.now() - stageStarted.get(name)) / 1000) : undefined);

function banner(text) {
  process.stdout.write(`\n\x1b[1m=== ${text} ===\x1b[0m\n`);
}

/**
 * Runs a command in its own process group, its output inherited (or written to `logFile` when it runs beside
 * another runner); resolves to the exit code.
 */
function run(cmd, args, { cwd = root, env = process.env, timeoutMs = STEP_TIMEOUT_MS, logFile } = {}) {
  return new Promise((resolve) => {
    const fd = logFile ? openSync(logFile, 'a') : null;
    const stdio = fd === null ? 'inherit' : ['ignore', fd, fd];
    const child = spawn(cmd, args, { cwd, env, stdio, detached: process.platform !== 'win32' });
    running.add(child);
    const killGroup = (signal) => {
      try {
        if (process.platform === 'win32') child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      process.stdout.write(`\n[test-all] ${cmd} ${args.join(' ')} exceeded ${timeoutMs / 60_000} min, killing it\n`);
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5_000).unref();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      if (fd !== null) closeSync(fd);
      process.stdout.write(`[test-all] cannot start ${cmd}: ${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (fd !== null) closeSync(fd);
      // Children of the runner (vitest forks, the e2e web server) must not outlive it.
      killGroup('SIGKILL');
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A check that passes or fails as a whole (typecheck, lint, build); `commands` all run, in order. */
async function check(name, ...commands) {
  stageStarted.set(name, Date.now());
  banner(name);
  let ok = true;
  for (const [cmd, args, opts] of commands) {
    if ((await run(cmd, args, opts)) !== 0) ok = false;
  }
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: stageSeconds(name) });
  return ok;
}

function hasTestFiles(dir) {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name)) return true;
  }
  return false;
}

/**
 * One vitest suite; counts come from its JSON report. With `logFile` it runs quietly beside another runner and its
 * output is printed, under its banner, once it is done.
 */
async function vitest(name, cwd, { env = process.env, extraArgs = [], logFile } = {}) {
  stageStarted.set(name, Date.now());
  if (!logFile) banner(name);
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
    { cwd, env, logFile },
  );
  if (logFile) {
    banner(`${name} (ran beside the build and the browser tests)`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
  }
  const json = readJson(report);
  for (const file of json?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (typeof t.duration === 'number') timings.push({ name: `${path.relative(root, file.name)} > ${t.fullName ?? t.title}`, ms: t.duration, stage: name });
      if (t.status === 'failed') failures.push({ name: `${path.relative(root, file.name)} > ${t.fullName ?? t.title}`, stage: name, error: firstLine(t.failureMessages?.[0]) });
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push({ name: path.relative(root, file.name), stage: name, error: firstLine(file.message) });
    }
  }
  let passed = json?.numPassedTests ?? 0;
  let failed = json?.numFailedTests ?? 0;
  let note;
  if (!json) note = 'no JSON report';
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = note ?? `exit code ${code} without a failed test (failed suite, unhandled error or no tests)`;
  }
  if (json && code === 0 && passed === 0) note = 'no tests ran';
  results.push({ name, passed, failed, note, seconds: stageSeconds(name) });
}

/** node:test files; counts come from the JUnit report (node's runner has no JSON reporter). */
async function nodeTests(name, files) {
  stageStarted.set(name, Date.now());
  banner(name);
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.xml`);
  const code = await run(process.execPath, [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=junit',
    `--test-reporter-destination=${report}`,
    ...files,
  ]);
  let xml = '';
  try {
    xml = readFileSync(report, 'utf8');
  } catch {
    /* no report */
  }
  // One chunk per test case (node's JUnit writer leaves `>` unescaped in attributes, so no tag-matching regex).
  const cases = xml.split(/<testcase\b/).slice(1);
  const failedCases = cases.filter((c) => /<failure\b/.test(c));
  let failed = failedCases.length;
  // Attributes are escaped once more than XML needs (&amp;quot;): decode twice.
  const unescape = (v) => v.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const c of failedCases) {
    const attr = (k) => unescape(unescape(new RegExp(`(?:^|\\s)${k}="([^"]*)"`).exec(c)?.[1] ?? ''));
    failures.push({ name: attr('name'), stage: name, error: firstLine(attr('message')) });
  }
  let passed = cases.length - failed;
  let note = xml ? undefined : 'no JUnit report';
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = note ?? `exit code ${code} without a failed test`;
  }
  if (xml && passed === 0 && failed === 0) note = 'no tests ran';
  results.push({ name, passed, failed, note, seconds: stageSeconds(name) });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const DURATIONS_FILE = path.join(root, 'apps', 'web', 'e2e', 'durations.json');

function readDurations() {
  return existsSync(DURATIONS_FILE) ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) : {};
}

/**
 * Each shard's share of the browser tests, balanced by the durations in apps/web/e2e/durations.json (recorded by a run
 * with E2E_RECORD_DURATIONS=1); null (Playwright's own split by count) when the tests cannot be listed.
 */
async function shardPlan(shards) {
  const listFile = path.join(tmp, 'playwright-list.json');
  const code = await run(bin('playwright'), ['test', '--list', '--reporter=json'], {
    cwd: path.join(root, 'apps', 'web'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: listFile },
    logFile: path.join(tmp, 'playwright-list.log'),
  });
  const list = code === 0 ? readJson(listFile) : null;
  if (!list) {
    process.stdout.write('[test-all] could not list the browser tests; shards split by count\n');
    return null;
  }
  const e2eDir = path.join(root, 'apps', 'web', 'e2e');
  const plan = planShards(listedTests(list), readDurations(), shards, (file) => runsInParallelMode(path.join(e2eDir, file)));
  for (const [i, s] of plan.entries()) {
    process.stdout.write(`[test-all] shard ${i + 1}: ${s.args.length} files or tests, about ${Math.round(s.seconds)} s of tests\n`);
  }
  return plan;
}

/**
 * The browser tests, in E2E_SHARDS shards (2 by default) that run at once: each shard is its own Playwright run with
 * its own built server, port and fresh database (so the demo accounts' one-session rule holds within a shard), and
 * takes its share of the tests, balanced by their recorded durations (scripts/lib/e2e-shards.mjs). Most of a browser test is waiting (for the page, the player, a real minute), so two
 * shards nearly halve the stage on two cores. Each shard's output is printed under its banner when it is done.
 */
async function playwright() {
  const name = 'e2e (Playwright, Chromium)';
  stageStarted.set(name, Date.now());
  banner(name);
  if (!existsSync(CHROMIUM)) {
    process.stdout.write(
      `[test-all] WARNING: ${CHROMIUM} is missing; the browser tests cannot run and count as failed.\n` +
        `[test-all] Install Debian's Chromium: apt-get install -y chromium\n`,
    );
    results.push({ name, passed: 0, failed: 1, note: `${CHROMIUM} missing` });
    return;
  }
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
  process.stdout.write(`[test-all] ${shards} shard(s) at once, each with its own server and database\n`);
  const plan = shards > 1 ? await shardPlan(shards) : null;
  const runs = await Promise.all(
    Array.from({ length: shards }, async (_, i) => {
      const shard = `${i + 1}/${shards}`;
      const report = path.join(tmp, `playwright-${i + 1}.json`);
      const logFile = shards > 1 ? path.join(tmp, `playwright-${i + 1}.log`) : undefined;
      const port = shards === 1 && process.env.E2E_PORT ? process.env.E2E_PORT : String(await freePort());
      const dataDir = mkdtempSync(path.join(tmp, `e2e-data-${i + 1}-`));
      const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_PORT: port, E2E_DATA_DIR: dataDir };
      delete env.TEST_DATABASE_URL;
      // Each shard writes its failure screenshots and traces to its own folder (a run clears its output folder).
      const share = plan ? plan[i].args.map(cliFilter) : [`--shard=${shard}`];
      const shardArgs = shards > 1 ? [...share, `--output=test-results/shard-${i + 1}`] : [];
      const args = ['test', '--reporter=list,json', ...shardArgs];
      const startedAt = Date.now();
      const code = await run(bin('playwright'), args, { cwd: path.join(root, 'apps', 'web'), env, timeoutMs: E2E_TIMEOUT_MS, logFile });
      if (logFile) {
        banner(`${name}, shard ${shard} (${Math.round((Date.now() - startedAt) / 1000)} s)`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
      }
      return { code, json: readJson(report) };
    }),
  );
  let passed = 0;
  let failed = 0;
  const notes = [];
  let flaky = 0;
  let skipped = 0;
  for (const [i, { code, json }] of runs.entries()) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
          timings.push({ name: `${spec.file ?? suite.file ?? ''} > ${spec.title}`, ms, stage: name });
          if (t.status === 'unexpected') {
            const error = (t.results ?? []).map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
            failures.push({ name: `${spec.file ?? suite.file ?? ''} > ${spec.title}`, stage: name, error: firstLine(error) });
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of json?.suites ?? []) walk(suite);
    const stats = json?.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    const shardFailed = stats.unexpected ?? 0;
    failed += shardFailed;
    flaky += stats.flaky ?? 0;
    skipped += stats.skipped ?? 0;
    const shard = shards > 1 ? `shard ${i + 1}: ` : '';
    if (!json) notes.push(`${shard}no JSON report`);
    if (code !== 0 && shardFailed === 0) {
      failed += 1;
      const globalErrors = (json?.errors ?? []).map((e) => e.message?.split('\n')[0]).filter(Boolean);
      notes.push(`${shard}exit code ${code} without a failed test${globalErrors.length ? `: ${globalErrors.join('; ')}` : ''}`);
    }
  }
  if (process.env.E2E_RECORD_DURATIONS === '1' && runs.every((r) => r.json)) {
    const durations = runs.reduce((d, r) => withMeasuredDurations(d, r.json), readDurations());
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 1)}\n`);
    process.stdout.write(`[test-all] recorded the browser tests' durations in ${path.relative(root, DURATIONS_FILE)}\n`);
  }
  if (flaky) notes.unshift(`${flaky} flaky (passed on retry)`);
  if (skipped) notes.push(`${skipped} skipped`);
  results.push({ name, passed, failed, note: notes.join(', ') || undefined, seconds: stageSeconds(name) });
}

const started = Date.now();

await check(
  'typecheck (all workspaces + e2e)',
  [npm, ['run', 'typecheck', '--silent']],
  [bin('tsc'), ['-p', 'apps/web/e2e/tsconfig.json']],
);
await check('lint (eslint)', [npm, ['run', 'lint', '--silent']]);

await nodeTests('unit: scripts (start, bundle check, e2e shards)', ['scripts/start.test.mjs', 'scripts/lib/e2e-shards.test.mjs', 'apps/web/scripts/check-production-bundle.test.mjs']);

const contractsDir = path.join(root, 'packages', 'contracts');
if (hasTestFiles(path.join(contractsDir, 'src'))) {
  await vitest('unit: packages/contracts', contractsDir);
} else {
  banner('unit: packages/contracts');
  process.stdout.write('[test-all] packages/contracts has no test files; nothing to run.\n');
}

// The first server run is the embedded PGlite database, whatever the caller's environment says.
const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
// vitest's own default is one worker fewer than the cores, which on two cores ran each suite on one core while the
// other waited: nothing else runs during these two stages, so they get a worker per core.
const everyCore = `--maxWorkers=${availableParallelism()}`;
await vitest('api: apps/server (PGlite)', path.join(root, 'apps', 'server'), { env: pgliteEnv, extraArgs: [everyCore] });
await vitest('unit: apps/web', path.join(root, 'apps', 'web'), { extraArgs: ['--exclude', 'e2e/**', everyCore] });

// The PostgreSQL run starts now and runs beside the build and the browser tests (which leave a core mostly idle:
// one browser, one server, one test at a time); its output is printed when it is done.
let postgresSuite = Promise.resolve();
if (process.env.TEST_DATABASE_URL) {
  postgresSuite = vitest('api: apps/server (PostgreSQL)', path.join(root, 'apps', 'server'), { logFile: path.join(tmp, 'server-postgresql.log') });
} else if (isCI) {
  banner('api: apps/server (PostgreSQL)');
  process.stdout.write('[test-all] CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run is required in CI.\n');
  results.push({ name: 'api: apps/server (PostgreSQL)', passed: 0, failed: 1, note: 'TEST_DATABASE_URL not set in CI' });
} else {
  banner('api: apps/server (PostgreSQL)');
  process.stdout.write(
    '[test-all] note: TEST_DATABASE_URL is not set, so the server suite ran on PGlite only.\n' +
      '[test-all] Set TEST_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres to run it on PostgreSQL too.\n',
  );
}

// Built with NODE_ENV=development, the server's default, to prove the site build is a production build whatever
// the shell says; the bundle check then fails on any trace of React's development build.
const buildEnv = { ...process.env, NODE_ENV: 'development' };
if (await check('build (web + server)', [npm, ['run', 'build', '--silent'], { env: buildEnv }])) {
  await check('production bundle (built with NODE_ENV=development)', [
    process.execPath,
    [path.join(root, 'apps', 'web', 'scripts', 'check-production-bundle.mjs')],
  ]);
  await playwright();
} else {
  results.push({ name: 'e2e (Playwright, Chromium)', passed: 0, failed: 1, note: 'build failed, not run' });
}
await postgresSuite;

// Operations on the built server: backup/restore of PGlite; then, on PostgreSQL, two processes behind Debian's nginx
// with deploy/nginx.conf (scale-out) and pg_dump/pg_restore while the server runs.
const built = existsSync(path.join(root, 'apps', 'server', 'dist', 'server.js'));
const BACKUP_PGLITE = 'operations: backup and restore (PGlite; files on the local disk and in S3)';
if (built) await nodeTests(BACKUP_PGLITE, ['scripts/backup-pglite.test.mjs', 'scripts/backup-s3.test.mjs']);
else results.push({ name: BACKUP_PGLITE, passed: 0, failed: 1, note: 'no server build' });
const SCALEOUT = 'operations on PostgreSQL (2 processes + nginx, backup/restore, first administrator in production)';
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (process.env.TEST_DATABASE_URL && nginx && built) {
  await nodeTests(SCALEOUT, ['scripts/scaleout-test.mjs', 'scripts/backup-pg.test.mjs', 'scripts/first-admin-pg.test.mjs']);
} else if (isCI) {
  banner(SCALEOUT);
  const missing = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL not set' : !nginx ? 'nginx missing' : 'no server build';
  process.stdout.write(`[test-all] CI=true but the PostgreSQL operations stage cannot run: ${missing}.\n`);
  results.push({ name: SCALEOUT, passed: 0, failed: 1, note: missing });
} else {
  banner(SCALEOUT);
  process.stdout.write('[test-all] note: the PostgreSQL operations stage needs TEST_DATABASE_URL, nginx and a build; not run.\n');
}

rmSync(tmp, { recursive: true, force: true });

const seconds = Math.round((Date.now() - started) / 1000);
banner(`summary (${seconds} s)`);
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  const mark = r.failed > 0 ? '\x1b[31mFAIL\x1b[0m' : '\x1b[32mok  \x1b[0m';
  process.stdout.write(
    `${mark} ${r.name.padEnd(width)}  ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds === undefined ? '' : `${String(r.seconds).padStart(5)} s`}${r.note ? `  (${r.note})` : ''}\n`,
  );
}
if (failures.length) {
  process.stdout.write(`\nfailed tests (${failures.length}):\n`);
  for (const f of failures) process.stdout.write(`  ${f.name}  [${f.stage}]\n      ${f.error.slice(0, 300)}\n`);
}
const slowest = timings.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length) {
  process.stdout.write('\nslowest 10 tests:\n');
  for (const t of slowest) process.stdout.write(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}  [${t.stage}]\n`);
}
process.stdout.write(`\n.ci/run stages took ${seconds} s (${(seconds / 60).toFixed(1)} min)\n`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
// The run's time for the budgets table of docs/performance.md (bench/budgets.mjs reads it; bench/results is not kept in git).
try {
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'test-run.json'),
    `${JSON.stringify({ date: new Date().toISOString(), seconds, ci: isCI, cores: availableParallelism(), passed, failed, stages: results.map((r) => ({ name: r.name, seconds: r.seconds ?? null })) }, null, 2)}\n`,
  );
} catch {
  /* a read-only checkout: the figure is in the output above */
}
process.exitCode = failed > 0 ? 1 : 0;
