// Shared helpers of the benchmarks: paths, process start/stop, readiness polling, results files.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** The checkout whose build is measured: this one, or BENCH_ROOT (bench/budgets.mjs measures an earlier commit so). */
export const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(benchDir, '..');
export const resultsDir = path.join(benchDir, 'results');
export const serverEntry = path.join(root, 'apps', 'server', 'dist', 'server.js');
export const webDist = path.join(root, 'apps', 'web', 'dist');

export function assertBuilt() {
  const missing = [serverEntry, path.join(webDist, 'index.html')].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(`missing build output (${missing.map((f) => path.relative(root, f)).join(', ')}): run \`npm run build\` first`);
  }
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    /** 1-minute load average when the benchmark finished: other work on the machine skews the figures. */
    load_avg_1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; resolves to milliseconds since `t0` (performance.now()). */
export async function waitReady(url, t0, proc, timeoutMs = 60_000) {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode} before ${url} was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - t0;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await sleep(5);
  }
}

/**
 * Environment of the platform server in the benchmarks: production mode, no request logs, embedded PGlite unless
 * `extra` names a DATABASE_URL.
 */
export function serverEnv(port, dataDir, extra = {}) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.DATABASE_URL;
  return { ...env, ...extra };
}

/** Starts the built platform server; resolves once /api/readyz answers 200. */
export async function startPlatform(dataDir, extraEnv = {}) {
  const port = await freePort();
  const t0 = performance.now();
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const proc = spawn(process.execPath, [...nodeArgs, serverEntry], { cwd: root, env: serverEnv(port, dataDir, extraEnv), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  try {
    const readyMs = await waitReady(`http://127.0.0.1:${port}/api/readyz`, t0, proc);
    return { proc, port, readyMs, url: `http://127.0.0.1:${port}` };
  } catch (err) {
    proc.kill('SIGKILL');
    throw new Error(`${err.message}\n${stderr}`);
  }
}

/**
 * The baseline server: bare node:http answering every request with the given JSON bytes.
 * Started with `node -e` so its start-up cost is node's own.
 */
export async function startBare(body = '{"code":200,"message":"ok","data":null}') {
  const port = await freePort();
  const source = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BENCH_BODY);
    http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');
  `;
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, PORT: String(port), BENCH_BODY: body },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const readyMs = await waitReady(`http://127.0.0.1:${port}/api/readyz`, t0, proc);
  return { proc, port, readyMs, url: `http://127.0.0.1:${port}` };
}

export function stop(proc, timeoutMs = 15_000) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time this machine's cores have been busy (not idle, waiting for I/O or stolen), in ms, from /proc/stat. */
export function machineBusyMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = cpu;
  return (user + nice + system + irq + softirq) * 10;
}

/**
 * CPU per request over a load: the server's own, and the machine's (server, database, load generator).
 * Unlike requests per second on a shared machine, CPU per request hardly moves when other work slows the host.
 */
export async function cpuPerRequest(pid, loadFn) {
  const server0 = cpuMs(pid);
  const machine0 = machineBusyMs();
  const res = await loadFn();
  const requests = res.requests.total;
  return {
    res,
    server_cpu_us_per_request: round(((cpuMs(pid) - server0) * 1000) / requests, 0),
    machine_cpu_us_per_request: round(((machineBusyMs() - machine0) * 1000) / requests, 0),
  };
}

/**
 * A closed-loop HTTP/1.1 load with prebuilt requests: `connections` keep-alive connections, each sending its next
 * request (`requestFor(connection, n)`, the whole request as a Buffer, best built before the load) when the last one
 * has answered, for `durationS` seconds or until `maxRequests` have been sent. autocannon builds a request anew on every call when requests differ (one
 * answer per candidate), which cost its process more CPU than the server under test spent on a save; here each
 * request is a buffer written as is. Answers must carry Content-Length (every JSON answer of the platform does).
 * The result has autocannon's shape for the figures used here.
 */
export function prebuiltLoad({ port, connections, durationS = Infinity, maxRequests = Infinity, requestFor }) {
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + durationS * 1000;
  const t0 = performance.now();
  const one = (c) =>
    new Promise((resolve) => {
      let n = 0;
      let sentAt = 0;
      let buf = Buffer.alloc(0);
      let done = false;
      const socket = connect({ port, host: '127.0.0.1', noDelay: true });
      const send = () => {
        if (sent >= maxRequests || performance.now() >= deadline) {
          done = true;
          return socket.end();
        }
        sent++;
        sentAt = performance.now();
        socket.write(requestFor(c, n++));
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        const headEnd = buf.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buf.toString('latin1', 0, headEnd);
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) throw new Error(`an answer without Content-Length: ${head.slice(0, 200)}`);
        const end = headEnd + 4 + Number(length[1]);
        if (buf.length < end) return;
        latencies.push(performance.now() - sentAt);
        const status = Number(head.slice(9, 12));
        if (status < 200 || status > 299) non2xx++;
        buf = buf.subarray(end);
        send();
      });
      // A connection the server closed or broke before the end counts as an error; the others go on.
      socket.on('error', () => {});
      socket.on('close', () => {
        if (!done) errors++;
        resolve();
      });
    });
  return Promise.all(Array.from({ length: connections }, (_, c) => one(c))).then(() => {
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p) => round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
    return {
      requests: { total: latencies.length, average: latencies.length / seconds },
      latency: { p50: at(0.5), p99: at(0.99) },
      non2xx,
      errors,
      timeouts: 0,
    };
  });
}

/** One HTTP/1.1 request as bytes, for prebuiltLoad. */
export function rawRequest(method, path, headers = {}, body = '') {
  const payload = Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (payload.length || method !== 'GET') lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A data directory that has been migrated and seeded by one full start of the server. */
export async function preparedDataDir(extraEnv = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const { proc } = await startPlatform(dir, extraEnv);
  await stop(proc);
  return dir;
}

export function writeResult(name, result) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, date: new Date().toISOString(), machine: machine(), ...result }, null, 2)}\n`);
  return file;
}

/**
 * A prepared database opened by a benchmark itself, to add its synthetic data: the PGlite of `dataDir`, or the
 * PostgreSQL database `databaseUrl`. `query` (with parameters), `exec` (several statements), `transaction`,
 * `checkpoint` and `close` on either engine.
 */
export async function openDatabase(dataDir, databaseUrl) {
  if (!databaseUrl) {
    const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    await db.waitReady;
    return {
      query: (text, params) => db.query(text, params),
      exec: (text) => db.exec(text),
      transaction: (fn) => db.transaction(fn),
      checkpoint: () => db.exec('CHECKPOINT'),
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query = (text, params) => client.query(text, params);
  return {
    query,
    exec: (text) => client.query(text),
    async transaction(fn) {
      await client.query('BEGIN');
      try {
        await fn({ query });
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
    checkpoint: async () => undefined,
    close: () => client.end(),
  };
}
