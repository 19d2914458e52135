// Password-login throughput per core: POST /api/users/account_login (argon2id verify at the production cost,
// session rotation, "logged in elsewhere" notice) against the same server's GET /api/healthz, measured in the
// same run with the same load settings. The server is built in-process from source (tsx) in a child process on
// a temporary in-memory PGlite holding the seeded demo accounts; the child's own CPU time (all threads,
// process.cpuUsage) is sampled around each measured run, so "per core" means requests per CPU-second.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { round, writeResult } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const serverSrc = path.resolve(path.dirname(self), '..', 'apps', 'server', 'src');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
// One argon2 worker thread keeps the figure about one core; two connections keep it busy.
const CONNECTIONS = 2;
const LOGIN = { phone: '13800138000', password: 'demo_1234' };

async function serve() {
  const { pgliteDatabase, pgliteExtensions } = await import(path.join(serverSrc, 'db', 'client.ts'));
  const { buildApp } = await import(path.join(serverSrc, 'app.ts'));
  const { loadConfig } = await import(path.join(serverSrc, 'config', 'config.ts'));
  const { usersSeed } = await import(path.join(serverSrc, 'db', 'seed', 'users.seed.ts'));
  const { systemClock } = await import(path.join(serverSrc, 'lib', 'clock.ts'));
  const { createPasswordHasher } = await import(path.join(serverSrc, 'modules', 'auth', 'password-hasher.ts'));
  const { fixtureWebDistDir } = await import(path.join(serverSrc, 'testing', 'test-app.ts'));
  const { PGlite } = await import('@electric-sql/pglite');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-login-'));
  const database = pgliteDatabase(new PGlite({ extensions: pgliteExtensions }));
  await database.migrate();
  await database.db.transaction((tx) => usersSeed.run(tx, { config: { siteName: 'bench' }, clock: systemClock }));
  const config = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATA_DIR: dataDir, WEB_DIST_DIR: fixtureWebDistDir });
  const app = await buildApp({ config, db: database.db, clock: systemClock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // argon2id verify alone, at the configured (production) cost, one at a time.
  const hasher = createPasswordHasher(config.passwordHash);
  const hash = await hasher.hash(LOGIN.password);
  await hasher.verify(hash, LOGIN.password);
  const runs = 20;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await hasher.verify(hash, LOGIN.password);
  const verifyMs = (performance.now() - t0) / runs;

  process.on('message', async (msg) => {
    if (msg === 'cpu') process.send({ cpu: process.cpuUsage() });
    if (msg === 'stop') {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send({ port: app.server.address().port, argon2: config.passwordHash, verifyMs });
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function ask(child, msg, key) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (m && key in m) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    if (msg) child.send(msg);
  });
}

async function measure(child, opts) {
  await load({ ...opts, duration: WARMUP_S });
  const before = (await ask(child, 'cpu', 'cpu')).cpu;
  const res = await load({ ...opts, duration: DURATION_S });
  const after = (await ask(child, 'cpu', 'cpu')).cpu;
  const cpuS = (after.user - before.user + after.system - before.system) / 1e6;
  const done = res.requests.total;
  return {
    requests_per_s: round(res.requests.average, 1),
    server_cpu_s: round(cpuS, 2),
    requests_per_core_s: round(done / cpuS, 1),
    cpu_ms_per_request: round((cpuS * 1000) / done, 2),
    latency_p50_ms: res.latency.p50,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  };
}

export async function run() {
  const child = fork(self, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await ask(child, null, 'port');
    const url = `http://127.0.0.1:${ready.port}`;
    const res = await fetch(`${url}/api/users/account_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const first = await res.json();
    if (first.code !== 200) throw new Error(`account_login answered ${first.code}: ${first.message}`);

    const healthz = await measure(child, { url: `${url}/api/healthz` });
    const login = await measure(child, {
      url: `${url}/api/users/account_login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const result = {
      method: `autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured; server in a child process with UV_THREADPOOL_SIZE=1 on in-memory PGlite; per core = requests / server CPU-seconds (all threads); baseline = the same server's GET /api/healthz`,
      argon2id: ready.argon2,
      argon2_verify_ms: round(ready.verifyMs, 1),
      login,
      baseline_healthz: healthz,
      ms_per_login: login.cpu_ms_per_request,
      ratio_per_core: round(login.requests_per_core_s / healthz.requests_per_core_s, 4),
    };
    if (login.non_2xx || login.errors) result.warning = `login answered ${login.non_2xx} non-2xx and ${login.errors} errors`;
    return result;
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `argon2id m=${result.argon2id.memoryCost} KiB t=${result.argon2id.timeCost} p=${result.argon2id.parallelism}: ` +
      `verify ${result.argon2_verify_ms} ms; ${result.login.requests_per_core_s} logins/s per core ` +
      `(${result.ms_per_login} CPU-ms per login) = ${result.ratio_per_core} × healthz (${result.baseline_healthz.requests_per_core_s}/s per core)`,
  );
  writeResult('login', result);
}
