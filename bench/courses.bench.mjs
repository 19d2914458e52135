// Course pool and learning-progress throughput of the built server (embedded PGlite, one process = one core):
// (a) GET /coursepoolapi/course_pools (hot list, 10 per page) requests/s, and
// (b) POST /coursepoolapi/course_pools/watch_create progress reports/s from many distinct learners,
// each against a bare node:http server answering the same JSON bytes, measured in the same run with the same
// load settings. Learners one core can serve at a 15 s report interval = watch_create reports/s × 15.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import { preparedDataDir, round, startBare, startPlatform, stop, writeResult } from './lib.mjs';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const REPORT_INTERVAL_S = 15;
export const LIST_PATH = '/coursepoolapi/course_pools?newhot=hotest&page=1&per=10';
const WATCH_PATH = '/coursepoolapi/course_pools/watch_create';

/**
 * Adds LEARNERS accounts with live sessions that have opened the first lesson of a free course (as
 * tower_show_lesson would), straight into the prepared data directory while no server runs.
 */
async function addLearners(dataDir) {
  const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  await db.waitReady;
  try {
    const lesson = (
      await db.query(`SELECT l.id, l.course_id FROM courses_lessons l JOIN courses c ON c.id = l.course_id
                       WHERE c.price_type = 'free' AND c.kind = 'video' ORDER BY c.id, l.sort LIMIT 1`)
    ).rows[0];
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    const expires = new Date(now.getTime() + 86_400_000).toISOString();
    const learners = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < LEARNERS; i++) {
        const phone = `136${String(i).padStart(8, '0')}`;
        const { rows } = await tx.query(
          `INSERT INTO users (phone, role, nickname, created_at, updated_at) VALUES ($1, 'personal', $2, $3, $3) RETURNING id`,
          [phone, `压测学员${i}`, now.toISOString()],
        );
        const userId = rows[0].id;
        const token = randomBytes(32).toString('base64url');
        const hash = createHash('sha256').update(token, 'utf8').digest('hex');
        await tx.query(
          `INSERT INTO auth_sessions (user_id, token_hash, created_at, touched_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
          [userId, hash, now.toISOString(), expires],
        );
        await tx.query(
          `INSERT INTO learning_course_progress (user_id, course_id, started_at, last_learned_at) VALUES ($1, $2, $3, $3)`,
          [userId, lesson.course_id, hourAgo],
        );
        await tx.query(
          `INSERT INTO learning_lesson_progress (user_id, lesson_id, course_id, state, last_report_at, created_at)
           VALUES ($1, $2, $3, 'playing', $4, $4)`,
          [userId, lesson.id, lesson.course_id, hourAgo],
        );
        learners.push(token);
      }
    });
    await db.exec('CHECKPOINT');
    return { tokens: learners, lessonId: lesson.id };
  } finally {
    await db.close();
  }
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function figures(res) {
  return {
    requests_per_s: round(res.requests.average, 0),
    latency_p50_ms: res.latency.p50,
    latency_p99_ms: res.latency.p99,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  };
}

async function measure(url, opts = {}) {
  await load({ url, duration: WARMUP_S, ...opts });
  return figures(await load({ url, duration: DURATION_S, ...opts }));
}

/** Each request is the next learner's report (distinct users, distinct rows, as in real traffic). */
function watchRequests(tokens, lessonId) {
  let i = 0;
  return {
    method: 'POST',
    requests: [
      {
        setupRequest(req) {
          const token = tokens[i++ % tokens.length];
          return {
            ...req,
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({ lesson_id: lessonId, position: 15, played_seconds: REPORT_INTERVAL_S, state: 'playing' }),
          };
        },
      },
    ],
  };
}

export async function run() {
  const dataDir = await preparedDataDir();
  let listBody;
  let watchBody;
  let platform;
  const result = {};
  try {
    const { tokens, lessonId } = await addLearners(dataDir);
    platform = await startPlatform(dataDir);
    const listRes = await fetch(platform.url + LIST_PATH);
    listBody = await listRes.text();
    if (listRes.status !== 200) throw new Error(`${LIST_PATH} answered ${listRes.status}: ${listBody.slice(0, 200)}`);
    const watchRes = await fetch(platform.url + WATCH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: tokens[0] },
      body: JSON.stringify({ lesson_id: lessonId, position: 15, played_seconds: 15, state: 'playing' }),
    });
    watchBody = await watchRes.text();
    if (watchRes.status !== 200) throw new Error(`${WATCH_PATH} answered ${watchRes.status}: ${watchBody.slice(0, 200)}`);
    result.list_platform = await measure(platform.url + LIST_PATH);
    result.watch_platform = await measure(platform.url + WATCH_PATH, watchRequests(tokens, lessonId));
  } finally {
    if (platform) await stop(platform.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const bareList = await startBare(listBody);
  try {
    result.list_baseline = await measure(bareList.url + LIST_PATH);
  } finally {
    await stop(bareList.proc);
  }
  const bareWatch = await startBare(watchBody);
  try {
    result.watch_baseline = await measure(bareWatch.url + WATCH_PATH, { method: 'POST', body: '{}' });
  } finally {
    await stop(bareWatch.proc);
  }

  const out = {
    method: `autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured, one target at a time; built server on embedded PGlite (one process); watch_create rotates over ${LEARNERS} learners with live sessions; baselines are node:http answering the same JSON bytes`,
    course_pools: {
      path: LIST_PATH,
      response_bytes: Buffer.byteLength(listBody),
      platform: result.list_platform,
      baseline: result.list_baseline,
      ratio: round(result.list_platform.requests_per_s / result.list_baseline.requests_per_s, 2),
    },
    watch_create: {
      path: WATCH_PATH,
      response_bytes: Buffer.byteLength(watchBody),
      platform: result.watch_platform,
      baseline: result.watch_baseline,
      ratio: round(result.watch_platform.requests_per_s / result.watch_baseline.requests_per_s, 2),
    },
    learners_per_core_at_15s: result.watch_platform.requests_per_s * REPORT_INTERVAL_S,
    learners_goal: 30_000,
  };
  const bad = ['list_platform', 'watch_platform'].filter((k) => result[k].non_2xx || result[k].errors);
  if (bad.length) out.warning = `non-2xx answers or errors in ${bad.join(', ')}`;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  writeResult('courses', result);
}
