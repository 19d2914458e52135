// The frugality budgets: eight figures of the whole platform (first load of `/`, TBT and LCP of the public pages,
// start-up and idle memory against a bare node:http server, two hot reads against node:http answering the same bytes,
// the test run's time), each measured for an earlier commit and for this checkout one after the other in the same run,
// so "before" and "now" come from the same machine in the same hour.
//
//   node bench/budgets.mjs [--before <git ref>] [--runs <Lighthouse runs per page>]
//
// The earlier commit is checked out into a temporary worktree (its node_modules copied as hard links) and built there;
// the same measuring code (this bench folder) runs against each build, in a child process with BENCH_ROOT set.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, machine, resultsDir, round, writeResult } from './lib.mjs';

/** main when the budgets were set (the table's "before" unless --before says otherwise). */
export const BUDGETS_SET_AT = '6327c98';

/** The goals, one per figure. */
export const GOALS = {
  first_load_kb: 170,
  tbt_ms: 200,
  lcp_ms: 2000,
  ready_ratio: 10,
  idle_rss_mb: 300,
  common_data_ratio: 0.5,
  course_list_ratio: 0.5,
  test_run_min: 20,
};

const repoRoot = path.resolve(benchDir, '..');

/** The figures of one build (BENCH_ROOT, or this checkout), with the benchmark results they come from. */
async function measureSide(runs) {
  const { run: pageWeight } = await import('./page-weight.mjs');
  const { run: lighthouse } = await import('./lighthouse.bench.mjs');
  const { run: coldStart } = await import('./cold-start.mjs');
  const { run: throughput } = await import('./api-throughput.mjs');
  const { LIST_PATH } = await import('./courses.bench.mjs');
  const weight = await pageWeight();
  const lh = await lighthouse({ runs });
  const cold = await coldStart();
  const common = await throughput();
  const list = await throughput({ path: LIST_PATH });
  const pages = lh.pages.filter((p) => !p.page.startsWith('baseline'));
  const worst = (key) => pages.reduce((a, b) => (b[key] > a[key] ? b : a));
  return {
    figures: {
      first_load_kb: weight.loaded.total_kb,
      first_load_linked_kb: weight.index_html.total_kb,
      first_load_css_kb: weight.loaded.css_kb,
      tbt_ms: worst('tbt_ms').tbt_ms,
      tbt_worst_page: worst('tbt_ms').page,
      tbt_over_goal: pages.filter((p) => p.tbt_ms > GOALS.tbt_ms).map((p) => `${p.page} ${p.tbt_ms}`),
      lcp_ms: worst('lcp_ms').lcp_ms,
      lcp_worst_page: worst('lcp_ms').page,
      lcp_over_goal: pages.filter((p) => p.lcp_ms > GOALS.lcp_ms).map((p) => `${p.page} ${p.lcp_ms}`),
      ready_ms: cold.platform.ready_ms_median,
      bare_ready_ms: cold.baseline.ready_ms_median,
      ready_ratio: cold.ready_ratio,
      idle_rss_mb: cold.platform.idle_rss_mb_median,
      common_data_ratio: common.ratio,
      common_data_rps: common.platform.requests_per_s,
      course_list_ratio: list.ratio,
      course_list_rps: list.platform.requests_per_s,
    },
    pages: pages.map(({ page, path: p, lcp_ms, tbt_ms, cls, total_kb }) => ({ page, path: p, lcp_ms, tbt_ms, cls, total_kb })),
    host_benchmark_index: lh.host_benchmark_index,
    // Each benchmark's own result, kept as bench/results/<name>.json for this checkout by run-all.mjs.
    results: { 'page-weight': weight, lighthouse: lh, 'cold-start': cold, 'api-throughput': common },
  };
}

function runChild(env, out, runs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--side', out, '--runs', String(runs)], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`measuring ${env.BENCH_ROOT ?? 'this checkout'} failed (${code})`))));
  });
}

/** A built checkout of `ref` in a temporary worktree; `remove()` takes it away. */
function checkoutBuilt(ref) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-before-'));
  const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', ref);
  git('worktree', 'add', '--detach', dir, commit);
  // The dependencies as installed here, as hard links: the workspace links inside are relative, so they resolve to
  // the earlier commit's own packages.
  for (const sub of ['.', 'apps/server', 'apps/web', 'packages/contracts', 'bench']) {
    const from = path.join(repoRoot, sub, 'node_modules');
    if (existsSync(from)) cpSync(from, path.join(dir, sub, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  console.log(`[budgets] building ${commit} in ${dir}`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' });
  return {
    dir,
    commit,
    subject: git('log', '-1', '--format=%s', commit),
    remove: () => {
      git('worktree', 'remove', '--force', dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The last `npm test` of this checkout (scripts/test-all.mjs writes it), or null. */
function lastTestRun() {
  const file = path.join(resultsDir, 'test-run.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

export async function run({ before = BUDGETS_SET_AT, runs = 3 } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-budgets-'));
  const earlier = checkoutBuilt(before);
  try {
    const started = new Date();
    await runChild({ BENCH_ROOT: earlier.dir }, path.join(tmp, 'before.json'), runs);
    await runChild({}, path.join(tmp, 'now.json'), runs);
    const read = (f) => JSON.parse(readFileSync(path.join(tmp, f), 'utf8'));
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    return {
      method: `each side measured by the same code in this run: page-weight.mjs (JS + CSS Chromium loads for /, gzip), lighthouse.bench.mjs (${runs} runs per public page, median by LCP; the worst page's TBT and LCP), cold-start.mjs (spawn to ready and idle RSS against bare node:http), api-throughput.mjs (GET /api/common_data and the hot course list against node:http answering the same bytes)`,
      started: started.toISOString(),
      minutes: round((Date.now() - started.getTime()) / 60_000, 1),
      goals: GOALS,
      before: { commit: earlier.commit, subject: earlier.subject, ...read('before.json') },
      now: { commit: head, ...read('now.json') },
      test_run: lastTestRun(),
    };
  } finally {
    earlier.remove();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 3);
  if (arg('--side')) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(arg('--side'), JSON.stringify({ machine: machine(), ...(await measureSide(runs)) }, null, 2));
  } else {
    const result = await run({ before: arg('--before') ?? BUDGETS_SET_AT, runs });
    console.log(`[budgets] wrote ${writeResult('budgets', result)}`);
    const { render } = await import('./render-performance.mjs');
    console.log(`[budgets] wrote ${render()}`);
  }
}
