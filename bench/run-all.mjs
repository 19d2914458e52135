// `npm run bench`: every benchmark against its same-run baseline, results to bench/results/*.json,
// then docs/performance.md is rendered from them. Builds first when the build output is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { assertBuilt, root, serverEntry, writeResult } from './lib.mjs';
import { run as runBudgets } from './budgets.mjs';
import { run as courses } from './courses.bench.mjs';
import { render } from './render-performance.mjs';

if (!existsSync(serverEntry) || process.argv.includes('--build')) {
  console.log('[bench] npm run build');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
assertBuilt();

// The budgets table measures page weight, Lighthouse, cold start and common_data for an earlier commit and this one;
// this checkout's side is also written as those benchmarks' own results, so they are not measured twice.
console.log('\n[bench] budgets');
const budgets = await runBudgets();
console.log(`[bench] wrote ${writeResult('budgets', budgets)}`);
for (const [name, result] of Object.entries(budgets.now.results)) console.log(`[bench] wrote ${writeResult(name, result)}`);

const benches = [
  ['courses', courses],
  ['login', (await import('./login.bench.mjs')).run],
  ['exams', (await import('./exams.bench.mjs')).run],
  ['recruiting', (await import('./recruiting.bench.mjs')).run],
  ['live-chat-fanout', (await import('./live-chat-fanout.bench.mjs')).run],
  ['image-pipeline', (await import('./image-pipeline.bench.mjs')).run],
  ['workbook-guard', (await import('./workbook-guard.bench.mjs')).run],
  ['storage', (await import('./storage.bench.mjs')).run],
];
// On PostgreSQL only: the company training dashboard at 5,000 employees (bench/results/scale-company-dashboard.json, read in docs/performance-notes.md).
if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) {
  const dashboard = await import('./company-dashboard.bench.mjs');
  benches.push([dashboard.RESULT_NAME, () => dashboard.run()]);
} else {
  console.log('[bench] company-dashboard skipped: set BENCH_DATABASE_URL to a PostgreSQL superuser URL to run it');
}
for (const [name, run] of benches) {
  console.log(`\n[bench] ${name}`);
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  console.log(`[bench] wrote ${writeResult(name, result)}`);
}
console.log(`\n[bench] wrote ${render()}`);
