// Starts and stops the pieces of a production-like stack for scripts' tests and benchmarks: a fresh PostgreSQL
// database on the server named by TEST_DATABASE_URL, built server processes (apps/server/dist/server.js) and
// Debian's nginx with deploy/nginx.conf.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = path.join(root, 'apps', 'server', 'dist', 'server.js');
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export function freePort() {
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

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function databaseUrlFor(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function createDatabase(adminUrl, prefix = 'stack') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrlFor(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * One server process. `start()` spawns it and resolves once it listens; the JSON log lines are kept in `logs`.
 * `stop(signal)` sends the signal and resolves with the exit code.
 */
export function serverProcess({ name, port, env }) {
  const proc = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child: undefined,
    logs: [],
    exited: undefined,
    async start() {
      // SERVER_NODE_ARGS: extra node flags for the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
      // profile the server under a benchmark's load (NODE_OPTIONS does not admit --cpu-prof).
      const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          INSTANCE_NAME: name,
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.child = child;
      proc.logs = [];
      let buffered = '';
      let stderr = '';
      const listening = new Promise((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          buffered += chunk.toString();
          let nl;
          while ((nl = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, nl);
            buffered = buffered.slice(nl + 1);
            if (proc.logs.length >= 5000) proc.logs.shift(); // the newest lines are enough
            try {
              proc.logs.push(JSON.parse(line));
            } catch {
              proc.logs.push({ msg: line });
            }
            if (/Server listening at/.test(line)) resolve();
          }
        });
        child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
        child.on('exit', (code) =>
          reject(new Error(`${name} exited (${code}) before listening: ${stderr.slice(-2000)}`)),
        );
      });
      proc.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
      await listening;
      return proc;
    },
    async stop(signal = 'SIGTERM') {
      if (!proc.child || proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
      proc.child.kill(signal);
      return proc.exited;
    },
  };
  return proc;
}

/**
 * deploy/nginx.conf as CI runs it: the upstream lists `upstreams`, the server listens on loopback `port` without
 * TLS. Every substitution must match, so the test fails if the deployed file drifts away from what is tested.
 */
export function nginxConfigFor(upstreams, port, errorsDir = path.join(root, 'deploy', 'errors')) {
  let conf = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  const replace = (pattern, replacement) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}`);
    conf = conf.replace(pattern, replacement);
  };
  replace(
    /(upstream talent \{[^}]*?)((?:\s*server 127\.0\.0\.1:\d+[^;]*;)+)/,
    (_, head, servers) =>
      head +
      upstreams
        .map((p) => `\n    ${/server 127\.0\.0\.1:\d+([^;]*);/.exec(servers)[0].replace(/:\d+/, `:${p}`)}`)
        .join(''),
  );
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  replace(/\n\s*ssl_certificate\s[^\n]*/, '');
  replace(/\n\s*ssl_certificate_key\s[^\n]*/, '');
  replace(/alias \/etc\/nginx\/talent-errors\/;/, `alias ${errorsDir}/;`);
  return conf;
}

/** Debian's nginx in the foreground with its own prefix under `dir`; `stop()` ends it. */
export async function startNginx({ dir, upstreams, port }) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  mkdirSync(dir, { recursive: true });
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, sub), { recursive: true });
    chmodSync(path.join(dir, sub), 0o777); // the workers may run as another user than the master
  }
  chmodSync(dir, 0o755);
  // deploy/errors/ copied where the workers may read it: the checkout may sit in a home directory, and `dir` in a
  // private temporary directory, that they cannot enter.
  const errorsDir = mkdtempSync(path.join(tmpdir(), 'nginx-errors-'));
  cpSync(path.join(root, 'deploy', 'errors'), errorsDir, { recursive: true });
  chmodSync(errorsDir, 0o755);
  writeFileSync(path.join(dir, 'talent.conf'), nginxConfigFor(upstreams, port, errorsDir));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/talent.conf;
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c.toString()));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${base}/api/healthz`);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not start: ${stderr}`);
      await sleep(100);
    }
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(errorsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay in front of PostgreSQL that can play an outage: `cut()` drops every open connection and refuses new
 * ones (as a stopped server does), `restore()` accepts again on the same port. The processes under test connect
 * through `urlFor(url)`; the shared PostgreSQL itself is never stopped.
 */
export async function databaseGate(adminUrl) {
  const target = new URL(adminUrl);
  const sockets = new Set();
  let server;
  let port = 0;
  const listen = () =>
    new Promise((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          s.on('error', end);
          s.on('close', end);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = server.address().port;
        resolve();
      });
    });
  await listen();
  return {
    /** `url` (a database on the same server) reached through the gate. */
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      const closed = new Promise((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
    },
    restore: listen,
    async stop() {
      if (server.listening) await this.cut();
    },
  };
}

/**
 * An S3-compatible endpoint on loopback (@20minutes/s3rver, a devDependency: objects in `dir`, SigV4 checked) with
 * one bucket; `env` is what points a server process's S3 driver at it. `close()` stops it.
 */
export async function startS3rver({ dir, bucket = 'talent-files' }) {
  const { default: S3rver } = await import('@20minutes/s3rver');
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}
