// (c) Cold start to ready and idle memory of the built server on an existing (migrated, seeded) data
// directory, against a bare `node -e` node:http server started and measured the same way in the same run.
import { rmSync } from 'node:fs';
import { median, preparedDataDir, round, rssMb, sleep, startBare, startPlatform, stop, writeResult } from './lib.mjs';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Idle time after ready before reading VmRSS, so start-up garbage has had a chance to be collected. */
const IDLE_MS = 2_000;

async function series(start) {
  const ready = [];
  const rss = [];
  for (let i = 0; i < RUNS; i++) {
    const target = await start();
    try {
      ready.push(target.readyMs);
      await sleep(IDLE_MS);
      rss.push(rssMb(target.proc.pid));
    } finally {
      await stop(target.proc);
    }
  }
  return {
    ready_ms_median: round(median(ready), 0),
    ready_ms_runs: ready.map((v) => round(v, 0)),
    idle_rss_mb_median: round(median(rss), 1),
  };
}

export async function run() {
  const dataDir = await preparedDataDir();
  let platform;
  try {
    platform = await series(() => startPlatform(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const baseline = await series(() => startBare());
  return {
    method: `spawn to first 200 from /api/readyz (polled every 5 ms), ${RUNS} runs, median; VmRSS from /proc/<pid>/status ${IDLE_MS / 1000} s after ready. Platform: node apps/server/dist/server.js, NODE_ENV=production, on a data directory migrated and seeded by an earlier start. Baseline: node -e with a bare node:http server`,
    runs: RUNS,
    platform,
    baseline,
    ready_ratio: round(platform.ready_ms_median / baseline.ready_ms_median, 1),
    rss_ratio: round(platform.idle_rss_mb_median / baseline.idle_rss_mb_median, 1),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  writeResult('cold-start', result);
}
