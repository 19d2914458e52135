// Renders docs/performance.md from bench/results/*.json (written by `npm run bench`), and nothing else: readings of
// the figures, earlier runs and query plans are written by hand in docs/performance-notes.md.
// Run alone with `node bench/render-performance.mjs` to re-render without measuring again.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resultsDir, root, round } from './lib.mjs';

function load(name) {
  const file = path.join(resultsDir, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const OWN = ['api-throughput', 'page-weight', 'cold-start', 'lighthouse', 'budgets'];

/** `a.b.c | value` rows of the numbers and short strings of a result, for benchmarks without their own section. */
function flatten(value, prefix = '', rows = []) {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object')) rows.push([prefix, value.join(', ')]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, rows);
  } else if (value !== undefined) {
    rows.push([prefix, String(value)]);
  }
  return rows;
}

const fmt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));

/** The Lighthouse table of docs/performance.md, as lines. */
export function lighthouseSection(lh) {
  const lines = [];
  const p = (s = '') => lines.push(s);
  const b = lh.budgets;
  p('## Public pages in Lighthouse (mobile)');
  p();
  p(`Budgets: LCP <= ${b.lcp_ms / 1000} s, CLS <= ${b.cls}, TBT <= ${b.tbt_ms} ms, accessibility >= ${b.accessibility}. Measured ${lh.date.slice(0, 10)}, 1-minute load average ${lh.machine.load_avg_1m} at the end.`);
  p();
  p('| page | path | LCP ms | CLS | TBT ms | total KB | performance | accessibility | LCP vs baseline | budgets |');
  p('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of lh.pages) {
    const miss = [
      r.lcp_ms > b.lcp_ms && 'LCP',
      r.cls > b.cls && 'CLS',
      r.tbt_ms > b.tbt_ms && 'TBT',
      r.accessibility < b.accessibility && 'a11y',
    ].filter(Boolean);
    const verdict = r.page.startsWith('baseline') ? '(baseline)' : miss.length ? `missed: ${miss.join(', ')}` : 'met';
    p(`| ${r.page} | \`${r.path}\` | ${fmt(r.lcp_ms)} | ${r.cls} | ${fmt(r.tbt_ms)} | ${r.total_kb} | ${r.performance} | ${r.accessibility} | ${r.lcp_vs_baseline}× | ${verdict} |`);
  }
  p();
  p(`Method: ${lh.method}. The baseline is /not-found of the same build, the lightest page.`);
  if (lh.notes) p(`\n${lh.notes}`);
  p();
  return lines;
}

const GOAL_ROWS = [
  ['first_load_kb', 'JS + CSS that Chromium loads for `/` (gzip, KB)', '<=', (f) => `${f.first_load_kb} (linked from index.html ${f.first_load_linked_kb}; CSS ${f.first_load_css_kb})`],
  ['tbt_ms', 'TBT, public pages: the worst (ms)', '<=', (f) => `${fmt(f.tbt_ms)} (${f.tbt_worst_page}); over the goal: ${f.tbt_over_goal.join(', ') || 'none'}`],
  ['lcp_ms', 'LCP, public pages: the worst (ms)', '<=', (f) => `${fmt(f.lcp_ms)} (${f.lcp_worst_page}); over the goal: ${f.lcp_over_goal.join(', ') || 'none'}`],
  ['ready_ratio', 'spawn to ready / bare node:http', '<=', (f) => `${f.ready_ratio}× (${fmt(f.ready_ms)} ms vs ${f.bare_ready_ms} ms)`],
  ['idle_rss_mb', 'idle RSS (MB)', '<=', (f) => `${f.idle_rss_mb}`],
  ['common_data_ratio', '`GET /api/common_data` vs node:http, same bytes', '>=', (f) => `${f.common_data_ratio}× (${fmt(f.common_data_rps)} req/s)`],
  ['course_list_ratio', 'course list vs node:http, same bytes', '>=', (f) => `${f.course_list_ratio}× (${fmt(f.course_list_rps)} req/s)`],
];

/** The budgets table (bench/budgets.mjs): every figure before and now, measured in one run, against its goal. */
export function budgetsSection(b) {
  const lines = [];
  const p = (s = '') => lines.push(s);
  const met = (key, op, value) => (op === '<=' ? value <= b.goals[key] : value >= b.goals[key]);
  p('## Budgets: before and now, measured in the same run');
  p();
  p(`Measured ${b.started.slice(0, 16).replace('T', ' ')} UTC, ${b.minutes} minutes for both sides, on ${b.machine.cpus} cores (${b.machine.cpu_model}), ${b.machine.memory_gb} GB RAM, Node ${b.machine.node}; 1-minute load average ${b.machine.load_avg_1m} at the end. Before: \`${b.before.commit}\` (${b.before.subject}); now: \`${b.now.commit}\`. Lighthouse's host benchmark index ${b.before.host_benchmark_index} / ${b.now.host_benchmark_index}.`);
  p();
  p('| figure | before | now | goal | now meets it |');
  p('|---|---|---|---:|---|');
  for (const [key, label, op, show] of GOAL_ROWS) {
    p(`| ${label} | ${show(b.before.figures)} | ${show(b.now.figures)} | ${op} ${b.goals[key]} | ${met(key, op, b.now.figures[key]) ? 'yes' : '**no**'} |`);
  }
  const t = b.test_run;
  p(
    `| \`npm test\` (as \`.ci/run\` runs it) | not re-run for the earlier commit | ${t ? `${round(t.seconds / 60, 1)} min on ${t.cores} cores, ${t.date.slice(0, 16).replace('T', ' ')} UTC${t.ci ? ', CI=true' : ''}` : 'no run recorded'} | <= ${b.goals.test_run_min} min | ${t ? (t.seconds / 60 <= b.goals.test_run_min ? 'yes' : '**no**') : '-'} |`,
  );
  p();
  p(`Method: ${b.method}. The test run's time is the last \`npm test\` on this checkout (scripts/test-all.mjs writes bench/results/test-run.json). Readings and causes: docs/performance-notes.md.`);
  p();
  p('<details><summary>Public pages, before and now (median run by LCP)</summary>');
  p();
  p('| page | LCP ms before | LCP ms now | TBT ms before | TBT ms now | KB before | KB now |');
  p('|---|---:|---:|---:|---:|---:|---:|');
  for (const page of b.now.pages) {
    const old = b.before.pages.find((x) => x.page === page.page) ?? {};
    p(`| ${page.page} | ${fmt(old.lcp_ms ?? '-')} | ${fmt(page.lcp_ms)} | ${fmt(old.tbt_ms ?? '-')} | ${fmt(page.tbt_ms)} | ${old.total_kb ?? '-'} | ${page.total_kb} |`);
  }
  p();
  p('</details>');
  p();
  return lines;
}

export function render() {
  const api = load('api-throughput');
  const weight = load('page-weight');
  const cold = load('cold-start');
  const budgets = load('budgets');
  const any = budgets ?? api ?? weight ?? cold;
  if (!any) throw new Error('no results in bench/results: run `npm run bench` first');
  const m = any.machine;
  const dates = [budgets, api, weight, cold].filter(Boolean).map((r) => r.date.slice(0, 10));
  const lines = [];
  const p = (s = '') => lines.push(s);

  p('# Performance');
  p();
  p('Generated by `npm run bench` (bench/run-all.mjs) and bench/render-performance.mjs; do not edit by hand.');
  p('Every figure is given as a ratio against a baseline measured in the same run on the same machine, so the');
  p('ratios carry over to other machines better than the absolute numbers do.');
  p();
  p(`- Date: ${[...new Set(dates)].join(', ')}`);
  p(`- Machine: ${m.cpus} cores (${m.cpu_model}), ${m.memory_gb} GB RAM, ${m.os}`);
  const loads = [api, weight, cold].filter((r) => r?.machine.load_avg_1m !== undefined).map((r) => `${r.name} ${r.machine.load_avg_1m}`);
  if (loads.length) p(`- 1-minute load average at the end of each benchmark: ${loads.join(', ')} (above ~0.5 the machine was busy with other work)`);
  p(`- Node: ${m.node}; server started as \`node apps/server/dist/server.js\` with NODE_ENV=production, LOG_LEVEL=warn, embedded PGlite`);
  p('- Load generator and server share the same cores; the baseline suffers the same handicap.');
  p('- Readings of these figures, earlier runs, query plans and the benchmarks run by hand (national scale, credits, the');
  p('  company dashboard, storage) are in [performance-notes.md](performance-notes.md), which is written by hand.');
  p();
  if (budgets) for (const line of budgetsSection(budgets)) p(line);

  if (weight) {
    const s = weight.index_html;
    const l = weight.loaded;
    p('## First-load JS and CSS of `/` (gzip)');
    p();
    p('| measure | JS KB | CSS KB | total KB | vs budget 200 KB | vs Open edX ≈1,380 KB |');
    p('|---|---:|---:|---:|---:|---:|');
    p(`| files linked from index.html | ${s.js_kb} | ${s.css_kb} | **${s.total_kb}** | ${s.ratio_to_budget}× | ${s.ratio_to_open_edx}× |`);
    p(`| loaded by Chromium for \`/\` (incl. home route chunk) | ${l.js_kb} | ${l.css_kb} | **${l.total_kb}** | ${l.ratio_to_budget}× | ${l.ratio_to_open_edx}× |`);
    p();
    p(`Method: ${weight.method}.`);
    p();
    p('<details><summary>Files</summary>');
    p();
    p('| file | kind | gzip KB |');
    p('|---|---|---:|');
    for (const f of l.files) p(`| \`${f.file}\` | ${f.kind} | ${f.gzip_kb} |`);
    p();
    p('</details>');
    p();
  }

  if (cold) {
    p('## Cold start and idle memory');
    p();
    p('| measure | platform server | bare node:http | ratio |');
    p('|---|---:|---:|---:|');
    p(`| spawn to ready, median of ${cold.runs} (ms) | ${fmt(cold.platform.ready_ms_median)} | ${fmt(cold.baseline.ready_ms_median)} | ${cold.ready_ratio}× |`);
    p(`| idle RSS after ready (MB) | ${cold.platform.idle_rss_mb_median} | ${cold.baseline.idle_rss_mb_median} | ${cold.rss_ratio}× |`);
    p();
    p(`Runs (ms): platform ${cold.platform.ready_ms_runs.join(', ')}; baseline ${cold.baseline.ready_ms_runs.join(', ')}.`);
    p();
    p(`Method: ${cold.method}.`);
    p();
  }

  if (api) {
    p('## API throughput: `GET /api/common_data`');
    p();
    p('| measure | platform server | bare node:http, same bytes | ratio |');
    p('|---|---:|---:|---:|');
    p(`| requests/s | ${fmt(api.platform.requests_per_s)} | ${fmt(api.baseline.requests_per_s)} | **${api.ratio}×** |`);
    p(`| latency p50 / p99 (ms) | ${api.platform.latency_p50_ms} / ${api.platform.latency_p99_ms} | ${api.baseline.latency_p50_ms} / ${api.baseline.latency_p99_ms} | |`);
    p(`| non-2xx / errors | ${api.platform.non_2xx} / ${api.platform.errors} | ${api.baseline.non_2xx} / ${api.baseline.errors} | |`);
    p();
    p(`Method: ${api.method}.`);
    if (api.warning) p(`\nWarning: ${api.warning}.`);
    p();
  }

  const lh = load('lighthouse');
  if (lh) for (const line of lighthouseSection(lh)) p(line);

  const others = existsSync(resultsDir)
    ? readdirSync(resultsDir).filter((f) => f.endsWith('.json') && !OWN.includes(f.slice(0, -5)) && !f.startsWith('scale-')).sort()
    : [];
  for (const file of others) {
    const r = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8'));
    const { name, date, machine: _machine, method, explain, ...figures } = r;
    p(`## ${name ?? file.slice(0, -5)}`);
    p();
    if (method) p(`Method: ${method}.`);
    p();
    p(`Measured ${String(date ?? '').slice(0, 10)}; figures as written by the benchmark (\`bench/results/${file}\`):`);
    p();
    p('| figure | value |');
    p('|---|---:|');
    for (const [k, v] of flatten(figures)) p(`| ${k} | ${v} |`);
    p();
    // Query plans the benchmark kept (`explain: { label: [plan lines] }`), shown as they were printed.
    for (const [label, plan] of Object.entries(explain ?? {})) {
      p(`EXPLAIN ANALYZE, ${label}:`);
      p();
      p('```');
      for (const line of plan) p(line);
      p('```');
      p();
    }
  }

  const out = path.join(root, 'docs', 'performance.md');
  p('## Reproduce');
  p();
  p('```sh');
  p('npm run build');
  p('npm run bench            # every benchmark and the budgets; writes bench/results/*.json and this page');
  p('npm run bench:budgets     # the budgets table alone (builds the earlier commit in a temporary worktree), then this page');
  p('node bench/cold-start.mjs # one benchmark alone');
  p('BENCH_DATABASE_URL=postgres://postgres:...@127.0.0.1:5432/postgres npm run bench:scale -- --scale 0.1  # PostgreSQL');
  p('BENCH_DATABASE_URL=postgres://postgres:...@127.0.0.1:5432/postgres npm run bench:training  # company dashboard, 5,000 employees');
  p('```');
  p();
  writeFileSync(out, lines.join('\n'));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`wrote ${render()}`);
}
