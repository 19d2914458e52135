// Live chat fan-out on the built server: VIEWERS viewers hold the chat's server-sent-event stream of one live class
// open on one process (embedded PGlite; the message goes through pg_notify and LISTEN like on PostgreSQL). Senders
// post MESSAGES chat messages one at a time; each viewer notes when each message arrives. Delivery latency = arrival
// at a viewer - the moment the sender's POST was issued. The baseline is the same delivery to a single viewer,
// measured in the same run on the same server; the ratio is p99 with VIEWERS viewers over the baseline p99.
//
// With BENCH_DATABASE_URL (an empty PostgreSQL database the benchmark may migrate and seed), two server processes
// share it, viewers are split between them, and messages are sent to the first one only: the second process's
// viewers receive them through NOTIFY.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { freePort, preparedDataDir, root, round, serverEntry, sleep, startPlatform, stop, waitReady, writeResult } from './lib.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 30);
const GAP_MS = 300;
/** The single-viewer baseline takes more, closer samples so its p99 is not one outlier. */
const BASELINE_MESSAGES = 100;
const BASELINE_GAP_MS = 100;
/** Messages sent first and not measured (the first delivery pays for compiling the code paths). */
const WARMUP = 3;
const SENDERS = BASELINE_MESSAGES + WARMUP;

const now = () => performance.timeOrigin + performance.now();

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { samples: s.length, p50_ms: round(at(0.5), 1), p99_ms: round(at(0.99), 1), max_ms: round(s[s.length - 1], 1) };
}

/** SQL that adds a live class (live for the next two hours, free for all) and `users` accounts with sessions. */
function dataSql(users, tokens) {
  const rows = tokens.map((t, i) => `('199${String(i).padStart(8, '0')}', '${createHash('sha256').update(t).digest('hex')}')`);
  return `
    INSERT INTO live_classes (title, teacher, starts_at, duration_minutes, capacity, access, created_at, updated_at)
      VALUES ('压测直播课', '压测老师', now() - interval '5 minutes', 120, ${users + 10}, 'free', now(), now());
    CREATE TEMP TABLE bench_accounts (phone text, token_hash text);
    INSERT INTO bench_accounts VALUES ${rows.join(',')};
    INSERT INTO users (phone, role, nickname, created_at, updated_at)
      SELECT phone, 'personal', '观众' || right(phone, 4), now(), now() FROM bench_accounts;
    INSERT INTO auth_sessions (user_id, token_hash, created_at, touched_at, expires_at)
      SELECT u.id, b.token_hash, now(), now(), now() + interval '1 day' FROM bench_accounts b JOIN users u ON u.phone = b.phone;
  `;
}

const newTokens = (n) => Array.from({ length: n }, () => randomBytes(24).toString('base64url'));

/** Opens a chat stream; calls onMessage(bodyText, arrivalMs) per chat message. Resolves when the stream is ready. */
function openViewer(baseUrl, classId, token, agent, onMessage) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/live/${classId}/chat/stream`, { headers: { token, accept: 'text/event-stream' }, agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      let ready = false;
      res.on('data', (chunk) => {
        const at = now();
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (!ready && block === ': ready') {
            ready = true;
            resolve(req);
          }
          if (block.includes('event: message')) {
            const data = block.slice(block.indexOf('data: ') + 6);
            onMessage(JSON.parse(data).body, at);
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
}

async function post(baseUrl, classId, token, body) {
  const res = await fetch(`${baseUrl}/api/live/${classId}/chat`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`chat: ${json.message}`);
}

/**
 * Sends MESSAGES messages to `sendUrl` (each from its own sender, one at a time) and gathers delivery latencies
 * at the viewers of `viewerUrls` (split evenly).
 */
async function measure({ sendUrl, viewerUrls, classId, viewerTokens, senderTokens, label, messages = MESSAGES, gapMs = GAP_MS }) {
  const sentAt = new Map();
  const latencies = viewerUrls.map(() => []);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const reqs = [];
  for (let i = 0; i < viewerTokens.length; i++) {
    const which = i % viewerUrls.length;
    reqs.push(
      openViewer(viewerUrls[which], classId, viewerTokens[i], agent, (body, at) => {
        const t = sentAt.get(body);
        if (t !== undefined) latencies[which].push(at - t);
      }),
    );
    // Connect in waves so the accept queue is not the thing measured.
    if (i % 200 === 199) await Promise.all(reqs.slice(-200));
  }
  const open = await Promise.all(reqs);
  await sleep(500);
  for (let m = 0; m < WARMUP + messages; m++) {
    const body = `${label} 第${m + 1}条提问：进项构成比例如何计算？`;
    if (m >= WARMUP) sentAt.set(body, now());
    await post(sendUrl, classId, senderTokens[m], body);
    await sleep(gapMs);
  }
  await sleep(2000);
  for (const r of open) r.destroy();
  agent.destroy();
  const expected = Math.ceil(viewerTokens.length / viewerUrls.length) * messages;
  return latencies.map((l) => ({ ...stats(l), delivered: l.length, expected_about: expected }));
}

async function addData(dataDir, users, tokens) {
  const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  await db.waitReady;
  try {
    await db.exec(dataSql(users, tokens));
    const id = (await db.query(`SELECT id FROM live_classes WHERE title = '压测直播课' ORDER BY id DESC LIMIT 1`)).rows[0].id;
    await db.exec('CHECKPOINT');
    return id;
  } finally {
    await db.close();
  }
}

async function twoProcessesOnPostgres(databaseUrl) {
  const pg = (await import(pathToFileURL(path.join(root, 'node_modules', 'pg', 'lib', 'index.js')).href)).default;
  const procs = [];
  const urls = [];
  try {
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: databaseUrl };
      const proc = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
      procs.push(proc);
      await waitReady(`http://127.0.0.1:${port}/api/readyz`, performance.now(), proc, 120_000);
      urls.push(`http://127.0.0.1:${port}`);
    }
    const viewers = newTokens(VIEWERS);
    const senders = newTokens(SENDERS);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let classId;
    try {
      await client.query(dataSql(VIEWERS + SENDERS, [...viewers, ...senders]));
      classId = (await client.query(`SELECT id FROM live_classes WHERE title = '压测直播课' ORDER BY id DESC LIMIT 1`)).rows[0].id;
    } finally {
      await client.end();
    }
    const [sameProcess, otherProcess] = await measure({
      sendUrl: urls[0],
      viewerUrls: urls,
      classId,
      viewerTokens: viewers,
      senderTokens: senders,
      label: '双进程',
    });
    return { viewers_per_process: VIEWERS / 2, sender_process: sameProcess, other_process: otherProcess };
  } finally {
    for (const p of procs) await stop(p);
  }
}

export async function run() {
  const dataDir = await preparedDataDir();
  const viewers = newTokens(VIEWERS);
  const senders = newTokens(SENDERS * 2);
  const classId = await addData(dataDir, VIEWERS + SENDERS * 2, [...viewers, ...senders]);
  const { proc, url } = await startPlatform(dataDir);
  let baseline;
  let fanout;
  try {
    [baseline] = await measure({
      sendUrl: url,
      viewerUrls: [url],
      classId,
      viewerTokens: viewers.slice(0, 1),
      senderTokens: senders.slice(0, SENDERS),
      label: '基线',
      messages: BASELINE_MESSAGES,
      gapMs: BASELINE_GAP_MS,
    });
    [fanout] = await measure({ sendUrl: url, viewerUrls: [url], classId, viewerTokens: viewers, senderTokens: senders.slice(SENDERS), label: '扇出' });
  } finally {
    await stop(proc);
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  return {
    method:
      `${VIEWERS.toLocaleString('en-US')} viewers hold the chat stream (server-sent events) of one live class open on the built server ` +
      `(one process, embedded PGlite, fan-out through pg_notify/LISTEN); ${MESSAGES} messages are posted one at a time, ${GAP_MS} ms apart, ` +
      `each by its own sender, after ${WARMUP} unmeasured warm-up messages; latency = arrival at a viewer - the moment the POST was issued (client and server on the same machine); ` +
      `the baseline is the same delivery to a single viewer in the same run (${BASELINE_MESSAGES} messages, ${BASELINE_GAP_MS} ms apart); ratios are p50 and p99 over the baseline's`,
    viewers: VIEWERS,
    messages: MESSAGES,
    baseline_one_viewer: baseline,
    fanout,
    p50_ratio_to_baseline: round(fanout.p50_ms / baseline.p50_ms, 1),
    p99_ratio_to_baseline: round(fanout.p99_ms / baseline.p99_ms, 1),
    within_one_second: fanout.p99_ms <= 1000,
    two_processes_on_postgresql: pgUrl ? await twoProcessesOnPostgres(pgUrl) : 'not run: set BENCH_DATABASE_URL to an empty PostgreSQL database',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  console.log(`[bench] wrote ${writeResult('live-chat-fanout', result)}`);
}
