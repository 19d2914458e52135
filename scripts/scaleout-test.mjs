// Scale-out in CI: two built server processes on one PostgreSQL behind Debian's nginx with deploy/nginx.conf, keeping
// their files in one S3-compatible bucket (STORAGE_DRIVER=s3 against an s3rver started here), each with a DATA_DIR
// of its own: no shared disk. Needs TEST_DATABASE_URL (a superuser URL; a fresh database is created and dropped),
// nginx and `npm run build`.
//   node --test scripts/scaleout-test.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  createDatabase,
  databaseGate,
  freePort,
  root,
  serverProcess,
  sleep,
  startNginx,
  startS3rver,
} from './lib/stack.mjs';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is required');

const tmp = mkdtempSync(path.join(tmpdir(), 'scaleout-'));
/** @type {Awaited<ReturnType<typeof createDatabase>>} */
let db;
/** @type {ReturnType<typeof serverProcess>[]} */
let servers = [];
let nginx;
/** @type {Awaited<ReturnType<typeof startS3rver>>} */
let s3;
/** @type {Awaited<ReturnType<typeof databaseGate>>} */
let gate;
let a;
let b;
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

before(async () => {
  db = await createDatabase(adminUrl, 'scaleout');
  // The processes reach PostgreSQL through a relay that can play a database outage (the shared server keeps running).
  gate = await databaseGate(adminUrl);
  // Stored files live in the bucket; each process has a DATA_DIR of its own (live streams, temporary files).
  s3 = await startS3rver({ dir: path.join(tmp, 's3') });
  const env = {
    DATABASE_URL: gate.urlFor(db.url),
    ...s3.env,
    S3_PREFIX: 'scaleout/',
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    SMS_MAX_PER_IP_PER_HOUR: '4',
    // Learning time is written only at shutdown here, so the SIGTERM test sees what the flush wrote.
    LEARNING_FLUSH_INTERVAL_MS: '3600000',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
  };
  const [pa, pb, pn] = [await freePort(), await freePort(), await freePort()];
  a = serverProcess({ name: 'a', port: pa, env: { ...env, DATA_DIR: path.join(tmp, 'data-a') } });
  b = serverProcess({ name: 'b', port: pb, env: { ...env, DATA_DIR: path.join(tmp, 'data-b') } });
  servers = [a, b];
  // Both start at once on the empty database: migrations and seeding must run exactly once.
  await Promise.all([a.start(), b.start()]);
  nginx = await startNginx({ dir: path.join(tmp, 'nginx'), upstreams: [pa, pb], port: pn });
});

after(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await gate?.stop();
  await s3?.close();
  await db?.drop();
  if (!process.env.SCALEOUT_KEEP_TMP) rmSync(tmp, { recursive: true, force: true });
});

async function call(base, method, url, { token, body, ip, headers = {} } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { token } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, servedBy: res.headers.get('x-served-by') };
}

let phoneSeq = 0;
const newPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/** Registers a new account through `base` (code from the shared development outbox) and returns its token. */
async function register(base, phone, ip) {
  const sent = await call(base, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'register' }, ip });
  assert.equal(sent.status, 200, sent.text);
  const outbox = await call(base, 'GET', `/api/dev/sms_outbox?phone=${phone}`);
  const code = /\d{6}/.exec(outbox.json.data.at(-1).content)[0];
  const reg = await call(base, 'POST', '/api/users/register', {
    body: { phone, code, password: 'Scale_1234', role: 'personal' },
    ip,
  });
  assert.equal(reg.status, 200, reg.text);
  return reg.json.data.token;
}

const login = (base, phone, password = 'Scale_1234', ip) =>
  call(base, 'POST', '/api/users/account_login', { body: { phone, password }, ip });
const me = (base, token) => call(base, 'POST', '/api/users/get_current_user', { token });

test('nginx balances over both processes (x-served-by names the one that answered)', async () => {
  const seen = new Set();
  for (let i = 0; i < 10; i++) {
    const r = await call(nginx.base, 'GET', '/api/readyz');
    assert.equal(r.status, 200);
    seen.add(r.servedBy);
  }
  assert.deepEqual([...seen].sort(), ['a', 'b']);
});

test("nginx's request id is the process's request id, in its one JSON log line per request", async () => {
  const res = await fetch(`${nginx.base}/api/problems`);
  assert.equal(res.status, 200);
  const id = res.headers.get('x-request-id');
  assert.match(id, /^[0-9a-f]{32}$/);
  const proc = servers.find((s) => s.name === res.headers.get('x-served-by'));
  await sleep(100);
  const lines = proc.logs.filter((l) => l.reqId === id);
  assert.equal(lines.length, 1);
  assert.equal(lines[0].url, '/api/problems');
  assert.equal(lines[0].statusCode, 200);
});

test('/metrics is not served through nginx, but each process answers its own scrape from loopback', async () => {
  assert.equal((await fetch(`${nginx.base}/metrics`)).status, 404);
  for (const s of [a, b]) {
    const res = await fetch(`${s.base}/metrics`);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /^db_pool_connections\{state="in_use"\} \d+$/m);
    assert.match(text, /^http_requests_total\{method="GET",route="\/api\/readyz",status="200"\} [1-9]/m);
  }
});

test('migrations and seeding ran once though both processes started together', async () => {
  const journal = JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
  const { rows } = await db.pool.query(
    'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
  );
  assert.equal(rows.length, journal.entries.length);
  assert.ok(rows.every((r) => r.n === 1));
  const seeders = servers.filter((s) => s.logs.some((l) => l.msg === 'database seeded'));
  const skippers = servers.filter((s) => s.logs.some((l) => l.msg === 'database already seeded'));
  assert.equal(seeders.length, 1, 'exactly one process seeded');
  assert.equal(skippers.length, 1, 'the other found the database seeded');
});

test('a login on one process is valid on the other, and through nginx', async () => {
  const phone = newPhone();
  const token = await register(a.base, phone, '198.51.100.1');
  const onB = await me(b.base, token);
  assert.equal(onB.status, 200, onB.text);
  assert.equal(onB.servedBy, 'b');
  assert.equal(onB.json.data.phone, phone);
  const fresh = await login(b.base, phone);
  assert.equal(fresh.status, 200);
  const onA = await me(a.base, fresh.json.data.token);
  assert.equal(onA.status, 200);
  assert.equal(onA.servedBy, 'a');
  for (let i = 0; i < 4; i++) assert.equal((await me(nginx.base, fresh.json.data.token)).status, 200);
});

test('logging in elsewhere ends the old token on both processes', async () => {
  const phone = newPhone();
  await register(a.base, phone, '198.51.100.2');
  const first = (await login(a.base, phone)).json.data.token;
  assert.equal((await me(b.base, first)).status, 200);
  const second = (await login(b.base, phone)).json.data.token;
  for (const s of [a, b]) {
    const old = await me(s.base, first);
    assert.equal(old.status, 406, `${s.name}: ${old.text}`);
    assert.equal(old.json.code, 406);
    assert.equal((await me(s.base, second)).status, 200);
  }
});

test('the per-phone SMS limit holds across processes', async () => {
  const phone = newPhone();
  const ip = '198.51.100.3';
  assert.equal(
    (await call(a.base, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'register' }, ip })).status,
    200,
  );
  const again = await call(b.base, 'POST', '/api/users/send_msg', {
    body: { phone, purpose: 'register' },
    ip,
  });
  assert.equal(again.status, 429, again.text);
  assert.equal(again.servedBy, 'b');
});

test('the per-address SMS limit holds across processes (4 an hour here)', async () => {
  const ip = '203.0.113.9';
  for (let i = 0; i < 4; i++) {
    const s = i % 2 ? b : a;
    const r = await call(s.base, 'POST', '/api/users/send_msg', {
      body: { phone: newPhone(), purpose: 'register' },
      ip,
    });
    assert.equal(r.status, 200, r.text);
  }
  for (const s of [a, b]) {
    const r = await call(s.base, 'POST', '/api/users/send_msg', {
      body: { phone: newPhone(), purpose: 'register' },
      ip,
    });
    assert.equal(r.status, 429, r.text);
  }
});

test('the login lockout holds across processes', async () => {
  const phone = newPhone();
  await register(a.base, phone, '198.51.100.4');
  const failures = [];
  for (let i = 0; i < 10; i++) {
    const s = i % 2 ? b : a;
    failures.push((await login(s.base, phone, 'wrong-password', '198.51.100.5')).status);
  }
  assert.ok(
    failures.slice(0, 9).every((s) => s === 400),
    failures.join(','),
  );
  for (const s of [a, b]) {
    const locked = await login(s.base, phone, 'Scale_1234', '198.51.100.6');
    assert.equal(locked.status, 429, `${s.name}: ${locked.text}`);
  }
});

/**
 * GET a stored file through `base`: on the S3 driver the process answers 302 to a URL of the bucket (signed, or the
 * CDN's), and the bytes come from there. Returns the redirect's target and the bytes.
 */
async function storedFile(base, url) {
  const res = await fetch(`${base}${url}`, { redirect: 'manual' });
  assert.equal(res.status, 302, `${base}${url}: ${res.status}`);
  const location = res.headers.get('location');
  assert.equal(new URL(location).origin, s3.endpoint, `${url} is read from the bucket, not from a process`);
  const got = await fetch(location);
  assert.equal(got.status, 200, location);
  return { location, servedBy: res.headers.get('x-served-by'), bytes: Buffer.from(await got.arrayBuffer()) };
}

/** Every file under `dir` (relative paths), [] when it does not exist. */
const filesUnder = (dir) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

test('an upload through one process is served by the other from the bucket (no shared disk)', async () => {
  const token = await register(a.base, newPhone(), '198.51.100.7');
  const form = new FormData();
  form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'me.png');
  const up = await fetch(`${a.base}/api/users/avatar`, { method: 'POST', headers: { token }, body: form });
  assert.equal(up.status, 200);
  const { data } = await up.json();
  const url = data.avatar ?? data.url;
  assert.match(url, /^\/uploads\//);
  const got = await storedFile(b.base, url);
  assert.equal(got.servedBy, 'b');
  // The upload was re-encoded as WebP by process a; process b points at that very object, and at its narrower copy.
  assert.equal(got.bytes.subarray(8, 12).toString('latin1'), 'WEBP');
  assert.deepEqual((await storedFile(a.base, url)).bytes, got.bytes);
  assert.equal((await storedFile(b.base, url.replace(/\.webp$/, '-160.webp'))).bytes.subarray(8, 12).toString('latin1'), 'WEBP');
  assert.deepEqual((await storedFile(nginx.base, url)).bytes, got.bytes);
  // The object is in the bucket under the configured prefix, and neither process kept the file on its own disk.
  assert.equal(new URL(got.location).pathname, `/${s3.bucket}/scaleout${url}`);
  for (const p of ['data-a', 'data-b']) assert.deepEqual(filesUnder(path.join(tmp, p, 'uploads')), [], `${p}/uploads is empty`);
});

async function untilNginxUses(name) {
  for (let i = 0; i < 200; i++) {
    if ((await call(nginx.base, 'GET', '/api/readyz')).servedBy === name) return;
    await sleep(100);
  }
  throw new Error(`nginx never sent a request to ${name} again`);
}

test('PostgreSQL away for 10 s behind nginx: healthz stays 200, reads answer the 503 envelope, and both processes recover without a restart', async () => {
  const READS = ['/api/job_board', '/api/articles?kind=news', '/api/quiz/questions'];
  for (const url of READS) assert.equal((await call(nginx.base, 'GET', url)).status, 200, url);
  await gate.cut();
  const health = [];
  const reads = [];
  const until = Date.now() + 10_000;
  try {
    while (Date.now() < until) {
      health.push((await call(nginx.base, 'GET', '/api/healthz')).status);
      for (const url of READS) {
        const r = await call(nginx.base, 'GET', `${url}${url.includes('?') ? '&' : '?'}page=${1 + (reads.length % 5)}`);
        reads.push({ url, status: r.status, code: r.json?.code, servedBy: r.servedBy });
      }
      await sleep(100);
    }
  } finally {
    await gate.restore();
  }
  // Recovery without a restart: reads succeed again on both processes.
  const recovered = new Set();
  for (let i = 0; i < 300 && recovered.size < 2; i++) {
    const r = await call(nginx.base, 'GET', `/api/job_board?page=${i + 10}`);
    if (r.status === 200) recovered.add(r.servedBy);
    else await sleep(100);
  }
  assert.deepEqual([...recovered].sort(), ['a', 'b'], 'both processes answer reads again');
  assert.ok(health.length >= 3, `healthz asked ${health.length} times`);
  assert.deepEqual(
    health.filter((s) => s !== 200),
    [],
    'healthz answered 200 through nginx all along',
  );
  const wrong = reads.filter((r) => !(r.status === 200 || (r.status === 503 && r.code === 503)));
  assert.deepEqual(wrong, [], 'every read answered 200 (cached) or the 503 envelope, never nginx\'s own error');
  const unavailable = reads.filter((r) => r.status === 503);
  assert.ok(unavailable.length > 0, 'reads that need the database answered 503');
  assert.deepEqual(
    [...new Set(unavailable.map((r) => r.servedBy))].sort(),
    ['a', 'b'],
    'both processes kept answering (none was marked down by nginx)',
  );
  console.log(`# database outage: ${health.length} healthz, ${reads.length} reads (${unavailable.length} answered 503)`);
});

test("nginx's own errors (no process reachable) answer the 503 envelope on the API and a Chinese page elsewhere", async () => {
  const dead = await freePort();
  const lone = await startNginx({ dir: path.join(tmp, 'nginx-dead'), upstreams: [dead], port: await freePort() });
  try {
    for (const url of ['/api/problems', '/coursepoolapi/course_pools']) {
      const res = await fetch(`${lone.base}${url}`);
      assert.equal(res.status, 503, url);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('retry-after'), '5');
      assert.deepEqual(await res.json(), { code: 503, message: '服务暂不可用，请稍后再试', data: null });
    }
    const page = await fetch(`${lone.base}/train`);
    assert.equal(page.status, 503);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await page.text(), /服务暂不可用/);
  } finally {
    await lone.stop();
  }
});

test('rolling restart: reads keep succeeding through nginx and no acknowledged write is lost', async () => {
  const token = await register(a.base, newPhone(), '198.51.100.8');
  const lesson = (await db.pool.query('select id from courses_lessons order by id limit 1')).rows[0].id;
  let running = true;
  const reads = { ok: 0, failed: [] };
  const writes = { acknowledged: [], refused: [] };
  const servedBy = new Set();
  const reader = async () => {
    while (running) {
      const r = await call(nginx.base, 'GET', '/api/problems').catch((err) => ({
        status: 0,
        text: String(err),
      }));
      if (r.status === 200) {
        reads.ok++;
        servedBy.add(r.servedBy);
      } else reads.failed.push(`${r.status} ${r.text.slice(0, 200)}`);
    }
  };
  let seq = 0;
  const writer = async () => {
    while (running) {
      const content = `滚动重启笔记 ${++seq}`;
      const r = await call(nginx.base, 'POST', '/api/notes', {
        token,
        body: { lesson_id: lesson, video_second: 1, content, is_public: false },
      }).catch((err) => ({ status: 0, text: String(err) }));
      if (r.status === 200) writes.acknowledged.push({ id: r.json.data.id, content });
      else writes.refused.push({ content, status: r.status });
    }
  };
  const load = [reader(), reader(), writer(), writer()];
  try {
    await sleep(500);
    for (const s of [a, b]) {
      const code = await s.stop('SIGTERM');
      assert.equal(code, 0, `${s.name} stopped cleanly: ${JSON.stringify(s.logs.slice(-5))}`);
      await sleep(700); // requests meanwhile go to the other process only
      await s.start();
      // nginx tries a failed server again after fail_timeout (2 s in deploy/nginx.conf): the next process is stopped
      // only once nginx sends requests to this one again, as an operator's rolling restart does.
      await untilNginxUses(s.name);
    }
  } finally {
    // Stopped even when a step failed, or the load would keep the test process alive.
    running = false;
    await Promise.all(load);
  }

  assert.deepEqual(reads.failed, [], 'every read through nginx succeeded');
  assert.ok(reads.ok > 20, `reads kept flowing (${reads.ok})`);
  assert.deepEqual([...servedBy].sort(), ['a', 'b']);
  assert.ok(writes.acknowledged.length > 10, `writes kept flowing (${writes.acknowledged.length})`);
  const ids = writes.acknowledged.map((w) => w.id);
  const { rows } = await db.pool.query('select id, content from learning_notes where id = any($1::int[])', [
    ids,
  ]);
  const stored = new Map(rows.map((r) => [r.id, r.content]));
  for (const w of writes.acknowledged)
    assert.equal(stored.get(w.id), w.content, `acknowledged note ${w.id} is stored`);
  // A write nginx could not deliver is answered with an error (never acknowledged), and is not retried by nginx.
  for (const w of writes.refused) assert.ok(w.status >= 500, `refused write answered ${w.status}`);
  console.log(
    `# rolling restart: ${reads.ok} reads, ${writes.acknowledged.length} acknowledged writes, ${writes.refused.length} writes answered with an error`,
  );
});

test('the learning-time buffer of a process stopped with SIGTERM is written before it exits', async () => {
  const phone = newPhone();
  const token = await register(a.base, phone, '198.51.100.9');
  const userId = (await db.pool.query('select id from users where phone = $1', [phone])).rows[0].id;
  const lesson = (await db.pool.query('select id from courses_lessons order by id limit 1')).rows[0].id;
  const opened = await call(a.base, 'GET', `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson}`, {
    token,
  });
  assert.equal(opened.status, 200, opened.text);
  const report = (played) =>
    call(a.base, 'POST', '/coursepoolapi/course_pools/watch_create', {
      token,
      body: { lesson_id: lesson, position: played, played_seconds: played, state: 'playing' },
    });
  assert.equal((await report(0)).status, 200);
  await sleep(3_000);
  const credited = (await report(3)).json.data.credited_seconds;
  assert.ok(credited > 0, `credited ${credited}`);
  const sum = async () =>
    (
      await db.pool.query(
        'select coalesce(sum(seconds), 0)::int as s from learning_daily_seconds where user_id = $1',
        [userId],
      )
    ).rows[0].s;
  assert.equal(await sum(), 0, 'still in the buffer of process a');
  const code = await a.stop('SIGTERM');
  assert.equal(code, 0, JSON.stringify(a.logs.slice(-5)));
  assert.equal(await sum(), credited);
});
