// (a) GET /api/common_data (or another read, `run({ path })`) requests per second on the built server, against a bare
// node:http server answering the same JSON bytes, measured in the same run with the same load generator settings.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { preparedDataDir, round, startBare, startPlatform, stop, writeResult } from './lib.mjs';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const PATH = '/api/common_data';

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function measure(target, path) {
  await load(target.url + path, WARMUP_S);
  const res = await load(target.url + path, DURATION_S);
  return {
    requests_per_s: round(res.requests.average, 0),
    latency_p50_ms: res.latency.p50,
    latency_p99_ms: res.latency.p99,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  };
}

export async function run({ path = PATH } = {}) {
  const dataDir = await preparedDataDir();
  const platform = await startPlatform(dataDir);
  let body;
  let platformFigures;
  try {
    const res = await fetch(platform.url + path);
    body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    platformFigures = await measure(platform, path);
  } finally {
    await stop(platform.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bare = await startBare(body);
  let bareFigures;
  try {
    bareFigures = await measure(bare, path);
  } finally {
    await stop(bare.proc);
  }
  const result = {
    path,
    method: `autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured, one target at a time; the baseline is node:http answering the same ${Buffer.byteLength(body)} bytes of JSON`,
    response_bytes: Buffer.byteLength(body),
    platform: platformFigures,
    baseline: bareFigures,
    ratio: round(platformFigures.requests_per_s / bareFigures.requests_per_s, 2),
  };
  if (platformFigures.non_2xx || platformFigures.errors) {
    result.warning = `platform answered ${platformFigures.non_2xx} non-2xx and ${platformFigures.errors} errors/timeouts`;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  writeResult('api-throughput', result);
}
