// Exam benchmark on the built server, one process: on embedded PGlite (the database runs in the server's own
// thread), or on PostgreSQL when BENCH_EXAMS_DATABASE_URL names a superuser URL (a fresh database is made and dropped):
// (a) autosave: PUT /api/exam_attempts/{id}/answers, one answer per request, rotating over CANDIDATES open
//     attempts, against a bare node:http server answering the same JSON bytes in the same run;
//     candidates one process serves at one save every 30 s = saves/s × 30 (goal 100,000, i.e. >= 3,000 saves/s);
// (b) closing second: SUBMITTERS candidates all POST /api/exam_attempts/{id}/submit at once; every submission must
//     answer 200 with a graded paper (none lost), with p50/p99 latency.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createDatabase } from '../scripts/lib/stack.mjs';
import {
  cpuPerRequest,
  openDatabase,
  prebuiltLoad,
  preparedDataDir,
  rawRequest,
  round,
  startBare,
  startPlatform,
  stop,
  writeResult,
} from './lib.mjs';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 2000);
const SUBMITTERS = Number(process.env.BENCH_SUBMITTERS ?? 5000);
const SAVE_INTERVAL_S = 30;
const SUBMIT_CONCURRENCY = Number(process.env.BENCH_SUBMIT_CONCURRENCY ?? 500);

const PG_URL = process.env.BENCH_EXAMS_DATABASE_URL;

/** Candidates with live sessions, registered for the open demo session, straight into the prepared database. */
async function addCandidates(dataDir, count, databaseUrl) {
  const db = await openDatabase(dataDir, databaseUrl);
  try {
    const session = (
      await db.query(`SELECT id FROM exams_sessions WHERE seed_key = 'junior:open'`)
    ).rows[0];
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const out = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        const phone = `137${String(i).padStart(8, '0')}`;
        const { rows } = await tx.query(
          `INSERT INTO users (phone, role, nickname, created_at, updated_at) VALUES ($1, 'personal', $2, $3, $3) RETURNING id`,
          [phone, `考生${i}`, now],
        );
        const userId = rows[0].id;
        const token = randomBytes(32).toString('base64url');
        const hash = createHash('sha256').update(token, 'utf8').digest('hex');
        await tx.query(
          `INSERT INTO auth_sessions (user_id, token_hash, created_at, touched_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
          [userId, hash, now, expires],
        );
        const reg = await tx.query(
          `INSERT INTO exams_registrations (session_id, user_id, state, created_at) VALUES ($1, $2, 'registered', $3) RETURNING id`,
          [session.id, userId, now],
        );
        out.push({ token, registrationId: reg.rows[0].id });
      }
    });
    await db.checkpoint();
    return out;
  } finally {
    await db.close();
  }
}

/** Starts every candidate's attempt through the API (the server draws and fixes each paper). */
async function startAttempts(url, candidates) {
  const attempts = [];
  let next = 0;
  async function worker() {
    while (next < candidates.length) {
      const c = candidates[next++];
      const res = await fetch(`${url}/api/exam_registrations/${c.registrationId}/attempts`, {
        method: 'POST',
        headers: { token: c.token },
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`start answered ${body.code}: ${body.message}`);
      const q = body.data.questions[0];
      attempts.push({ token: c.token, id: body.data.id, questionId: q.id, answer: [q.options[0].key] });
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker));
  return attempts;
}

function figures({ res, ...cpu }) {
  return {
    requests_per_s: round(res.requests.average, 0),
    latency_p50_ms: res.latency.p50,
    latency_p99_ms: res.latency.p99,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
    ...cpu,
  };
}

/**
 * One autosave request per open attempt, built before the load; connection c sends the attempts c, c + CONNECTIONS,
 * ... in turn, so no two connections save the same attempt at once.
 */
function saveRequests(attempts) {
  const requests = attempts.map((a) =>
    rawRequest(
      'PUT',
      `/api/exam_attempts/${a.id}/answers`,
      { 'content-type': 'application/json', token: a.token },
      JSON.stringify({ answers: [{ question_id: a.questionId, answer: a.answer, flagged: false }] }),
    ),
  );
  return (c, n) => requests[(c + n * CONNECTIONS) % requests.length];
}

function load(url, durationS, requestFor) {
  return prebuiltLoad({ port: Number(new URL(url).port), connections: CONNECTIONS, durationS, requestFor });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Everyone submits in the same second: SUBMIT_CONCURRENCY requests in flight until all have answered. */
async function closingSecond(url, attempts) {
  const latencies = [];
  let graded = 0;
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  async function worker() {
    while (next < attempts.length) {
      const a = attempts[next++];
      const s = performance.now();
      try {
        const res = await fetch(`${url}/api/exam_attempts/${a.id}/submit`, { method: 'POST', headers: { token: a.token } });
        const body = await res.json();
        if (body.code === 200 && body.data.state === 'graded') graded++;
        else failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - s);
    }
  }
  await Promise.all(Array.from({ length: SUBMIT_CONCURRENCY }, worker));
  const total = performance.now() - t0;
  latencies.sort((x, y) => x - y);
  return {
    submissions: attempts.length,
    graded,
    failed,
    total_s: round(total / 1000, 2),
    submissions_per_s: round(attempts.length / (total / 1000), 0),
    latency_p50_ms: round(percentile(latencies, 50), 1),
    latency_p99_ms: round(percentile(latencies, 99), 1),
  };
}

export async function run() {
  const database = PG_URL ? await createDatabase(PG_URL, 'bench_exams') : null;
  const dbEnv = database ? { DATABASE_URL: database.url, DB_POOL_MAX: '20' } : {};
  const engine = database ? 'PostgreSQL (a server on the same machine, pool of 20)' : 'embedded PGlite';
  const dataDir = await preparedDataDir(dbEnv);
  const total = Math.max(CANDIDATES, SUBMITTERS);
  let platform;
  let saveBody;
  let saves;
  const result = {};
  try {
    const candidates = await addCandidates(dataDir, total, database?.url);
    platform = await startPlatform(dataDir, dbEnv);
    const attempts = await startAttempts(platform.url, candidates);
    const probe = attempts[0];
    const res = await fetch(`${platform.url}/api/exam_attempts/${probe.id}/answers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', token: probe.token },
      body: JSON.stringify({ answers: [{ question_id: probe.questionId, answer: probe.answer, flagged: false }] }),
    });
    saveBody = await res.text();
    if (res.status !== 200) throw new Error(`autosave answered ${res.status}: ${saveBody.slice(0, 200)}`);
    saves = saveRequests(attempts.slice(0, CANDIDATES));
    await load(platform.url, WARMUP_S, saves);
    result.save_platform = figures(
      await cpuPerRequest(platform.proc.pid, () => load(platform.url, DURATION_S, saves)),
    );
    result.closing = await closingSecond(platform.url, attempts.slice(0, SUBMITTERS));
  } finally {
    if (platform) await stop(platform.proc);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  const bare = await startBare(saveBody);
  try {
    await load(bare.url, WARMUP_S, saves);
    result.save_baseline = figures(await cpuPerRequest(bare.proc.pid, () => load(bare.url, DURATION_S, saves)));
  } finally {
    await stop(bare.proc);
  }
  const out = {
    engine: database ? 'postgresql' : 'pglite',
    method: `closed-loop load of prebuilt requests (prebuiltLoad), ${CONNECTIONS} keep-alive connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured; built server on ${engine} (one process); autosave rotates over ${CANDIDATES} open attempts, one answer per request; closing second: ${SUBMITTERS} submissions with ${SUBMIT_CONCURRENCY} in flight; baseline is node:http answering the same JSON bytes to the same requests; CPU per request from /proc (server: its process; machine: every core, load generator and database included)`,
    autosave: {
      platform: result.save_platform,
      baseline: result.save_baseline,
      ratio: round(result.save_platform.requests_per_s / result.save_baseline.requests_per_s, 2),
      machine_cpu_ratio: round(
        result.save_platform.machine_cpu_us_per_request / result.save_baseline.machine_cpu_us_per_request,
        1,
      ),
      candidates_per_process_at_30s: result.save_platform.requests_per_s * SAVE_INTERVAL_S,
      // What one process does with a core of its own: saves per second of the server's CPU time.
      saves_per_server_cpu_s: round(1e6 / result.save_platform.server_cpu_us_per_request, 0),
      goal_saves_per_s: 3_000,
    },
    closing_second: { ...result.closing, goal: 'all graded, none lost' },
  };
  if (result.save_platform.non_2xx || result.save_platform.errors) out.warning = 'non-2xx answers or errors in autosave';
  if (result.closing.failed) out.warning = `${result.closing.failed} submissions failed`;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  writeResult(PG_URL ? 'exams-postgresql' : 'exams', result);
}
