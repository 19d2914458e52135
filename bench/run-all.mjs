// `npm run bench`: every benchmark against its same-run baseline, results to bench/results/*.json,
// then docs/performance.md is rendered from them. Builds first when the build output is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { assertBuilt, root, serverEntry, writeResult } from './lib.mjs';
import { run as apiThroughput } from './api-throughput.mjs';
import { run as coldStart } from './cold-start.mjs';
import { run as pageWeight } from './page-weight.mjs';
import { run as courses } from './courses.bench.mjs';
import { render } from './render-performance.mjs';

if (!existsSync(serverEntry) || process.argv.includes('--build')) {
  console.log('[bench] npm run build');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
assertBuilt();

const benches = [
  ['page-weight', pageWeight],
  ['cold-start', coldStart],
  ['api-throughput', apiThroughput],
  ['courses', courses],
  ['login', (await import('./login.bench.mjs')).run],
  ['lighthouse', (await import('./lighthouse.bench.mjs')).run],
  ['exams', (await import('./exams.bench.mjs')).run],
  ['recruiting', (await import('./recruiting.bench.mjs')).run],
  ['live-chat-fanout', (await import('./live-chat-fanout.bench.mjs')).run],
  ['image-pipeline', (await import('./image-pipeline.bench.mjs')).run],
  ['workbook-guard', (await import('./workbook-guard.bench.mjs')).run],
  ['storage', (await import('./storage.bench.mjs')).run],
];
// On PostgreSQL only: the company training dashboard at 5,000 employees (its own section of docs/performance.md).
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
