// npm run bench:scale -- [--scale 0.01] [--requests 10000] [--keep | --reuse bench_scale_<hex>] [--only names]
//
// Fills a fresh PostgreSQL database (on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, a superuser URL) with
// the national data set times --scale (1 = 1,000,000 users with 10% members and 5% companies, 100,000 courses with
// 800,000 lessons, 20,000,000 lesson-progress rows, 5,000,000 comments, 2,000,000 orders, plus messages, favourites
// and per-day learning totals, and a talent pool: every fifth personal account with a public portrait, 190,000),
// using generate_series inside PostgreSQL. Then one built server process
// (apps/server/dist/server.js) on it answers each hot endpoint at 20 concurrent connections; p50/p99 go next to a
// primary-key lookup (`select ... from users where id = $1`, 20 connections) measured in the same run, and the plans
// of the heavy queries (EXPLAIN ANALYZE) go to bench/results/scale.json.
//
// --keep leaves the filled database in place (its name is logged); --reuse NAME measures on such a database again
// without filling it (the full scale takes about an hour to load on two cores), e.g. after a change of the server.
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, databaseUrlFor, freePort, serverProcess } from '../scripts/lib/stack.mjs';
import { createHash, randomBytes } from 'node:crypto';
import { machine, prebuiltLoad, rawRequest, round, writeResult } from './lib.mjs';
import { TALENT_QUERIES, talentPoolSql } from './talent-data.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SCALE = Number(arg('scale', '0.01'));
/**
 * Timed requests per endpoint. A p99 of N requests is its N/100 slowest, and one stall of the process or the database
 * (a collection, a checkpoint, a cached page built again) holds up all 20 requests in flight: at 2,000 requests on a
 * machine answering 10,000 a second, a run lasts 0.2 s and one such stall is the whole p99. 10,000 requests measure
 * the steady state the budgets are about.
 */
const REQUESTS = Number(arg('requests', '10000'));
const CONCURRENCY = 20;
/**
 * Requests per connection before an endpoint is timed. Every measurement starts warm: all 20 database connections
 * open, and each PostgreSQL backend has read the catalogue entries of the endpoint's tables and planned its queries
 * (a backend's first query of a table costs milliseconds that the endpoint's steady state does not pay).
 */
const WARMUP_PER_CONNECTION = 10;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL superuser URL');

const N = {
  users: Math.round(1_000_000 * SCALE),
  courses: Math.round(100_000 * SCALE),
  lessonsPerCourse: 8,
  progress: Math.round(20_000_000 * SCALE),
  comments: Math.round(5_000_000 * SCALE),
  orders: Math.round(2_000_000 * SCALE),
  messages: Math.round(5_000_000 * SCALE),
  favourites: Math.round(1_000_000 * SCALE),
  dailyDays: 120,
};

const log = (...a) => console.log('[bench:scale]', ...a);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
const reuse = arg('reuse', undefined);
// --only "course detail,my courses": time just the endpoints whose names contain one of these (and the baseline).
if (reuse !== undefined && !/^bench_scale_[0-9a-f]+$/.test(reuse))
  throw new Error('--reuse takes a kept bench_scale_<hex> database');
const db = reuse
  ? { name: reuse, url: databaseUrlFor(adminUrl, reuse), drop: async () => undefined }
  : await createDatabase(adminUrl, 'bench_scale');
const pool = new pg.Pool({ connectionString: db.url, max: CONCURRENCY });
let server;

async function timedSql(label, sqlText) {
  const t0 = performance.now();
  await pool.query(sqlText);
  log(`${label}: ${round((performance.now() - t0) / 1000, 1)} s`);
}

/** Synthetic rows, inserted by PostgreSQL itself (generate_series), in dependency order. */
async function fill() {
  const words = `array['管理会计','税务筹划','财务报表','内部控制','成本核算','预算管理','审计实务','资金管理','合并报表','增值税']`;
  await timedSql(
    'teachers and tags',
    `
    INSERT INTO courses_teachers (name, title, photo) SELECT '讲师' || i, '高级会计师', '' FROM generate_series(1, 200) i;
    INSERT INTO courses_tags (parent_id, name, sort) SELECT NULL, '一级分类' || i, i FROM generate_series(1, 8) i;
    INSERT INTO courses_tags (parent_id, name, sort) SELECT (i % 8) + 1, '二级分类' || i, i FROM generate_series(1, 40) i;`,
  );
  await timedSql(
    `users (${N.users})`,
    `
    INSERT INTO users (phone, role, nickname, own_member_end_at, company_name, created_at, updated_at)
    SELECT '1' || lpad(i::text, 10, '0'),
           CASE WHEN i % 20 = 0 THEN 'company' ELSE 'personal' END,
           '学员' || i,
           CASE WHEN i % 10 = 1 THEN now() + interval '200 days' END,
           CASE WHEN i % 20 = 0 THEN '示例企业' || i END,
           now() - (i % 1000) * interval '1 day', now()
      FROM generate_series(1, ${N.users}) i;`,
  );
  await timedSql(
    `courses (${N.courses})`,
    `
    INSERT INTO courses (slug, title, cover, summary, description, teacher_id, kind, price_type, lesson_count,
                         total_duration, learner_count, like_count, published, published_at, created_at, updated_at)
    SELECT 'c' || i, (${words})[i % 10 + 1] || '实务精讲 第' || i || '期', '/covers/' || (i % 20) || '.jpg',
           (${words})[(i / 10) % 10 + 1] || '的要点与案例', '[]'::jsonb, (i % 200) + 1, 'video',
           (array['free','member','paid'])[i % 3 + 1], ${N.lessonsPerCourse}, ${N.lessonsPerCourse} * 600,
           i % 5000, (i * 7919) % 100000, i % 50 <> 0, now() - i * interval '1 minute', now(), now()
      FROM generate_series(1, ${N.courses}) i;
    INSERT INTO courses_course_tags (course_id, tag_id)
    SELECT c, t FROM generate_series(1, ${N.courses}) c, LATERAL (VALUES (9 + c % 40), (9 + (c * 7) % 40)) v(t)
    ON CONFLICT DO NOTHING;`,
  );
  await timedSql(
    `lessons (${N.courses * N.lessonsPerCourse})`,
    `
    INSERT INTO courses_lessons (course_id, sort, title, video_file, duration, is_trial)
    SELECT c, s, '第' || s || '讲', 'videos/' || c || '-' || s || '.mp4', 600, s = 1
      FROM generate_series(1, ${N.courses}) c, generate_series(1, ${N.lessonsPerCourse}) s;`,
  );
  // Lesson progress: each user learns lessons of a few courses (user u, k-th row -> a lesson spread over the catalogue).
  await timedSql(
    `lesson progress (${N.progress})`,
    `
    INSERT INTO learning_lesson_progress (user_id, lesson_id, course_id, position, max_position, credited_seconds,
                                          state, last_report_at, created_at)
    SELECT u, l, ((l - 1) / ${N.lessonsPerCourse}) + 1, 300, 300, 300, 'paused', now() - (k % 300) * interval '1 day', now()
      FROM generate_series(0::bigint, ${N.progress - 1}) k,
           LATERAL (SELECT (k % ${N.users}) + 1 AS u,
                           ((k * 104729 + (k / ${N.users}) * 8) % ${N.courses * N.lessonsPerCourse}) + 1 AS l) x
    ON CONFLICT DO NOTHING;`,
  );
  await timedSql(
    'course progress (from lesson progress)',
    `
    INSERT INTO learning_course_progress (user_id, course_id, started_at, last_learned_at, last_lesson_id, learn_seconds, finished_lessons)
    SELECT user_id, course_id, min(created_at), max(last_report_at), max(lesson_id), sum(credited_seconds)::int, 0
      FROM learning_lesson_progress GROUP BY user_id, course_id;`,
  );
  await timedSql(
    `daily learning totals (${Math.round(N.progress / 4)})`,
    `
    INSERT INTO learning_daily_seconds (user_id, day, seconds)
    SELECT (k % ${N.users}) + 1, (now() AT TIME ZONE 'Asia/Shanghai')::date - (((k / ${N.users}) * 7 + k % 7) % ${N.dailyDays})::int,
           60 + (k * 37) % 3600
      FROM generate_series(0::bigint, ${Math.round(N.progress / 4) - 1}) k
    ON CONFLICT DO NOTHING;
    INSERT INTO users_personal_achieve (user_id, total_learn_time, finish_course_num)
    SELECT user_id, sum(seconds), 0 FROM learning_daily_seconds GROUP BY user_id ON CONFLICT DO NOTHING;
    -- The rankings' per-period totals, as the migration backfills them (the flush keeps them afterwards).
    INSERT INTO learning_period_seconds (period_kind, period_key, user_id, seconds)
    SELECT p.kind, p.key, d.user_id, sum(d.seconds)::int
      FROM learning_daily_seconds d
      CROSS JOIN LATERAL (VALUES ('week', to_char((d.day - (extract(isodow FROM d.day)::int - 1))::timestamp, 'YYYY-MM-DD')),
                                 ('month', to_char(d.day::timestamp, 'YYYY-MM')), ('all', 'all')) AS p(kind, key)
     GROUP BY p.kind, p.key, d.user_id;
    ANALYZE learning_period_seconds;`,
  );
  await timedSql(
    `comments (${N.comments})`,
    `
    INSERT INTO comments (user_id, course_id, lesson_id, content, created_at)
    SELECT (k % ${N.users}) + 1, c, (c - 1) * ${N.lessonsPerCourse} + 1, '讲得很清楚，案例贴近实务。第' || k || '条', now() - k * interval '1 second'
      FROM generate_series(0::bigint, ${N.comments - 1}) k, LATERAL (SELECT ((k * 7) % ${N.courses}) + 1 AS c) x;`,
  );
  await timedSql(
    `orders (${N.orders})`,
    `
    INSERT INTO members_orders (order_no, user_id, product_type, product_id, subject, amount, list_price, state,
                                channel, created_at, expires_at, paid_at)
    SELECT 'B' || lpad(k::text, 12, '0'), (k % ${N.users}) + 1, 'course', (k % ${N.courses}) + 1, '课程购买', 9900, 9900,
           CASE WHEN k % 4 = 0 THEN 'cancelled' ELSE 'paid' END, 'sandbox', now() - k * interval '1 second',
           now() - k * interval '1 second' + interval '30 minutes', CASE WHEN k % 4 <> 0 THEN now() - k * interval '1 second' END
      FROM generate_series(0::bigint, ${N.orders - 1}) k;`,
  );
  await timedSql(
    `messages (${N.messages})`,
    `
    INSERT INTO messages (user_id, title, content, read_at, created_at)
    SELECT (k % ${N.users}) + 1, '课程学习提醒', '您关注的课程有新内容更新。', CASE WHEN k % 3 = 0 THEN NULL ELSE now() END,
           now() - k * interval '1 second'
      FROM generate_series(0::bigint, ${N.messages - 1}) k;`,
  );
  await timedSql(
    `favourites (${N.favourites})`,
    `
    INSERT INTO courses_favorites (user_id, course_id, created_at)
    SELECT (k % ${N.users}) + 1, ((k * 31) % ${N.courses}) + 1, now() - k * interval '1 second'
      FROM generate_series(0::bigint, ${N.favourites - 1}) k ON CONFLICT DO NOTHING;`,
  );
  await fillTalentPool();
  await timedSql('VACUUM ANALYZE', 'VACUUM ANALYZE');
}

/** The talent pool that companies query: every fifth personal account keeps a public portrait (bench/talent-data.mjs). */
async function fillTalentPool() {
  await timedSql(
    'talent pool (every fifth personal account)',
    talentPoolSql(`u.id % 5 = 2 AND u.phone NOT LIKE '199%'`),
  );
}

/** A session of a company account for the talent query, written straight into the database (as a login would: it
 * replaces the account's earlier session). */
async function companyToken() {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await pool.query(
    `INSERT INTO auth_sessions (user_id, token_hash, created_at, touched_at, expires_at)
     SELECT id, $1, now(), now(), now() + interval '1 day' FROM users WHERE role = 'company' ORDER BY id LIMIT 1
     ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at,
       touched_at = excluded.touched_at, expires_at = excluded.expires_at
     RETURNING user_id`,
    [createHash('sha256').update(token, 'utf8').digest('hex')],
  );
  if (rows.length === 0) throw new Error('no company account to query talents with');
  return token;
}

/**
 * p50/p99 of an endpoint: REQUESTS requests on CONCURRENCY keep-alive connections (after WARMUP_PER_CONNECTION
 * requests per connection as a warm-up); `requestFor(n, w)` is request n, sent on connection w (whose learner's token it carries). The
 * requests are raw bytes (prebuiltLoad): the load generator shares the machine's cores with the server and the
 * database, and fetch spent more CPU per request than some of the endpoints it measured.
 */
async function measureHttp(requestFor) {
  const run = (maxRequests) =>
    prebuiltLoad({
      port: server.port,
      connections: CONCURRENCY,
      maxRequests,
      requestFor: (w, n) => requestFor(w + n * CONCURRENCY, w),
    });
  await run(CONCURRENCY * WARMUP_PER_CONNECTION);
  const res = await run(REQUESTS);
  return {
    p50: res.latency.p50,
    p99: res.latency.p99,
    per_second: Math.round(res.requests.average),
    failures: res.non2xx + res.errors,
  };
}

/**
 * p50/p99 of `fn` called REQUESTS times by CONCURRENCY workers, after WARMUP_PER_CONNECTION rounds of CONCURRENCY
 * calls at once (so the pool has opened all its connections before the timing starts).
 */
async function measure(fn) {
  for (let r = 0; r < WARMUP_PER_CONNECTION; r++) {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => fn(r * CONCURRENCY + w, w)));
  }
  const times = [];
  const started = performance.now();
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      while (next < REQUESTS) {
        const n = next++;
        const t0 = performance.now();
        const ok = await fn(n, w);
        times.push(performance.now() - t0);
        if (ok === false) failures++;
      }
    }),
  );
  const perSecond = Math.round(times.length / ((performance.now() - started) / 1000));
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: round(q(0.5)), p99: round(q(0.99)), per_second: perSecond, failures };
}

async function main() {
  log(`scale ${SCALE}: ${JSON.stringify(N)}`);
  const port = await freePort();
  server = serverProcess({
    name: 'bench',
    port,
    env: {
      DATABASE_URL: db.url,
      DATA_DIR: path.join(tmp, 'data'),
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info', // the process is ready when it logs that it listens
      DB_POOL_MAX: String(CONCURRENCY),
      // On a shared, loaded machine opening 20 connections at start can take longer than the 1.5 s default.
      DB_CONNECT_TIMEOUT_MS: '10000',
      SMS_MAX_PER_IP_PER_HOUR: '100000',
      // The weekly learning digest would walk a million synthetic learners on a Monday daytime run.
      CREDITS_DIGEST: 'off',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    },
  });
  await server.start(); // migrates the empty database (a reused one is up to date, or migrated now)
  let loadSeconds = null;
  if (reuse) {
    const { rows: counted } = await pool.query('SELECT count(*)::int AS n FROM users');
    if (counted[0].n < N.users)
      throw new Error(`${reuse} has ${counted[0].n} users, not the ${N.users} of --scale ${SCALE}`);
    log(`measuring on ${reuse}, filled by an earlier run`);
    const { rows: talent } = await pool.query('SELECT count(*)::int AS n FROM talent_apply_jobs');
    if (talent[0].n === 0) {
      // Filled before the talent query was measured here: add the pool now.
      await fillTalentPool();
      await timedSql('VACUUM ANALYZE', 'VACUUM ANALYZE');
    }
  } else {
    const t0 = performance.now();
    await fill();
    loadSeconds = round((performance.now() - t0) / 1000, 1);
  }

  // Learners with tokens: one per connection (watch_create), each with a realistic history.
  const base = server.base;
  const tokens = [];
  const userIds = [];
  // New learners each run (a block of phones drawn at random): a reused database still has the last run's, and their
  // phones may not be sent another code within SMS_RESEND_INTERVAL_MS.
  const phoneBlock = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  for (let i = 0; i < CONCURRENCY; i++) {
    const phone = `199${phoneBlock}${String(i).padStart(4, '0')}`;
    await fetch(`${base}/api/users/send_msg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, purpose: 'login' }),
    });
    const outbox = await (await fetch(`${base}/api/dev/sms_outbox?phone=${phone}`)).json();
    const code = /\d{6}/.exec(outbox.data[0].content)[0]; // newest first
    const res = await (
      await fetch(`${base}/api/users/code_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, code }),
      })
    ).json();
    tokens.push(res.data.token);
    userIds.push(res.data.user.id);
  }
  // Learners of an earlier run of the same block (one in 10,000) already have theirs.
  const { rows: hadHistory } = await pool.query(
    `SELECT 1 FROM members_orders WHERE order_no = 'X${userIds[0]}-1'`,
  );
  if (hadHistory.length === 0)
    await pool.query(
      `
    INSERT INTO learning_course_progress (user_id, course_id, started_at, last_learned_at, learn_seconds, finished_lessons)
    SELECT u, c, now(), now() - c * interval '1 minute', 600, 1 FROM unnest($1::int[]) u, generate_series(1, LEAST(60, ${N.courses})) c ON CONFLICT DO NOTHING;
    INSERT INTO courses_favorites (user_id, course_id, created_at)
    SELECT u, c, now() - c * interval '1 minute' FROM unnest($1::int[]) u, generate_series(1, LEAST(50, ${N.courses})) c ON CONFLICT DO NOTHING;
    INSERT INTO members_orders (order_no, user_id, product_type, product_id, subject, amount, list_price, state, created_at, expires_at)
    SELECT 'X' || u || '-' || k, u, 'course', k, '课程购买', 9900, 9900, 'paid', now() - k * interval '1 hour', now()
      FROM unnest($1::int[]) u, generate_series(1, 30) k;
    INSERT INTO messages (user_id, title, content, read_at, created_at)
    SELECT u, '系统通知', '欢迎学习。', CASE WHEN k % 2 = 0 THEN now() END, now() - k * interval '1 hour'
      FROM unnest($1::int[]) u, generate_series(1, 200) k;`.replace(/\$1/g, `'{${userIds.join(',')}}'`),
    );

  const lessonIds = (
    await pool.query(
      `select id from courses_lessons where course_id in (select id from courses where price_type = 'free' and published order by id limit ${CONCURRENCY})  and sort = 1 order by id`,
    )
  ).rows.map((r) => r.id);
  const totalPublished = (await pool.query('select count(*)::int as n from courses where published')).rows[0]
    .n;
  const deepPage = Math.max(1, Math.min(2000, Math.floor(totalPublished / 10) - 1));
  /** A published course id (every 50th course is unpublished). */
  const courseId = (x) => {
    const id = (x % N.courses) + 1;
    return id % 50 === 0 ? id - 1 : id;
  };
  const get = (url, token) => (n, w) =>
    rawRequest('GET', typeof url === 'function' ? url(n) : url, token ? { token: tokens[w] } : {});
  for (let w = 0; w < CONCURRENCY; w++) {
    await fetch(
      `${base}/coursepoolapi/course_pools/tower_show_lesson?id=${lessonIds[w % lessonIds.length]}`,
      { headers: { token: tokens[w] } },
    );
  }

  // The deep page is reached as the web pager reaches it past the numbered pages: page by page with next_cursor.
  let deepCursor = null;
  for (let p = 1, url = '/coursepoolapi/course_pools?page=1&per=10'; p < deepPage; p++) {
    const body = await (await fetch(`${base}${url}`)).json();
    deepCursor = body.data.next_cursor;
    url = `/coursepoolapi/course_pools?per=10&cursor=${encodeURIComponent(deepCursor)}`;
  }
  const deepUrl = deepCursor
    ? `/coursepoolapi/course_pools?per=10&cursor=${encodeURIComponent(deepCursor)}`
    : '/coursepoolapi/course_pools?page=1&per=10';

  const pkStats = await measure(async (n) => {
    await pool.query('select id, phone, nickname from users where id = $1', [((n * 7919) % N.users) + 1]);
  });
  log(`primary-key lookup: p50 ${pkStats.p50} ms, p99 ${pkStats.p99} ms`);
  // The floor of an HTTP request on this machine at this concurrency: the health check touches no database, so its
  // figures are the server, the loopback and the load generator alone.
  const floorStats = await measureHttp(get('/api/healthz'));
  log(`HTTP floor (/api/healthz): p50 ${floorStats.p50} ms, p99 ${floorStats.p99} ms`);

  const talentToken = await companyToken();
  const endpoints = [
    ['course list, page 1', get('/coursepoolapi/course_pools?page=1&per=10')],
    [`course list, page ${deepPage} (cursor)`, get(deepUrl)],
    ['tag filter', get((n) => `/coursepoolapi/course_pools?tag=${9 + (n % 40)}&page=1&per=10`)],
    [
      'Chinese substring search',
      get(
        (n) =>
          `/coursepoolapi/course_pools?keyword=${encodeURIComponent(['税务筹划', '报表', '内部控制'][n % 3])}&page=1&per=10`,
      ),
    ],
    [
      'course detail',
      get((n) => `/coursepoolapi/course_pools/tower_show_course?id=${courseId(n * 13)}`, true),
    ],
    [
      'lesson play',
      get((n) => `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonIds[n % lessonIds.length]}`, true),
    ],
    [
      'watch_create',
      (n, w) =>
        rawRequest(
          'POST',
          '/coursepoolapi/course_pools/watch_create',
          { 'content-type': 'application/json', token: tokens[w] },
          JSON.stringify({
            lesson_id: lessonIds[w % lessonIds.length],
            position: n % 500,
            played_seconds: 1,
            state: 'playing',
          }),
        ),
    ],
    ['home ranking, week', get('/api/home_page_rank?period=week', true)],
    ['home ranking, month', get('/api/home_page_rank?period=month', true)],
    ['home ranking, all', get('/api/home_page_rank?period=all', true)],
    ['my courses', get('/api/my_courses?page=1&per=10', true)],
    ['favourite list', get('/coursepoolapi/course_pools/favorite_list?page=1&per=10', true)],
    ['comments page', get((n) => `/api/comments?course_id=${courseId((n % 50) * 7)}&page=1&per=10`, true)],
    ['order list', get('/api/orders?page=1&per=10', true)],
    ['message list and badge', get('/api/messages?page=1&per=10', true)],
    ['credit archive', get('/api/credit_archive', true)],
    [
      'talent query (region, position, star level)',
      (n) => {
        const [region, position, star] = TALENT_QUERIES[n % TALENT_QUERIES.length];
        return rawRequest(
          'GET',
          `/api/talents?region=${encodeURIComponent(region)}&position=${encodeURIComponent(position)}&star_min=${star}&per=10`,
          { token: talentToken },
        );
      },
    ],
  ];
  const rows = [];
  const only = arg('only', '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const [name, fn] of endpoints) {
    if (only.length > 0 && !only.some((x) => name.includes(x))) continue;
    const s = await measureHttp(fn);
    const budget = name === 'watch_create' ? 20 : 50;
    rows.push({
      endpoint: name,
      ...s,
      p50_ratio: round(s.p50 / pkStats.p50, 1),
      p99_ratio: round(s.p99 / pkStats.p99, 1),
      budget_p99_ms: budget,
      met: s.p99 < budget && s.failures === 0,
    });
    log(`${name}: p50 ${s.p50} ms, p99 ${s.p99} ms${s.failures ? `, ${s.failures} non-200` : ''}`);
  }

  const explain = {};
  const plan = async (name, q) => {
    const { rows: r } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q}`);
    explain[name] = r.map((x) => x['QUERY PLAN']).join('\n');
  };
  // Before: the month's ranking summed from the days (the query of the previous release); after: the index range
  // of the per-period totals and the two counts of "my place" (a user near the middle of the list).
  const monthStart = `date_trunc('month', (now() AT TIME ZONE 'Asia/Shanghai'))::date`;
  const monthKey = `to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`;
  await plan(
    'ranking, month: before (sum of the days)',
    `SELECT s.user_id, s.seconds, u.nickname FROM (
       SELECT d.user_id, sum(d.seconds)::int AS seconds FROM learning_daily_seconds d WHERE d.day >= ${monthStart}
        GROUP BY d.user_id HAVING sum(d.seconds) > 0) s JOIN users u ON u.id = s.user_id
     ORDER BY s.seconds DESC, s.user_id ASC LIMIT 10`,
  );
  await plan(
    'ranking, month: after (top ten)',
    `SELECT s.user_id, s.seconds, u.nickname FROM (
       SELECT p.user_id, p.seconds FROM learning_period_seconds p
        WHERE p.period_kind = 'month' AND p.period_key = ${monthKey} AND p.seconds > 0
        ORDER BY p.seconds DESC NULLS LAST, p.user_id ASC LIMIT 10) s JOIN users u ON u.id = s.user_id
     ORDER BY s.seconds DESC, s.user_id ASC`,
  );
  const me = Math.ceil(N.users / 2);
  await plan(
    'ranking, month: after (my place, exact up to 1,000)',
    `WITH me AS (SELECT COALESCE((SELECT p.seconds FROM learning_period_seconds p
                                   WHERE p.period_kind = 'month' AND p.period_key = ${monthKey} AND p.user_id = ${me}), 0) AS seconds)
     SELECT me.seconds,
            (SELECT count(*) FROM (SELECT 1 FROM learning_period_seconds p
              WHERE p.period_kind = 'month' AND p.period_key = ${monthKey} AND p.seconds > me.seconds LIMIT 1000) a)::int
          + (SELECT count(*) FROM (SELECT 1 FROM learning_period_seconds p
              WHERE p.period_kind = 'month' AND p.period_key = ${monthKey} AND p.seconds = me.seconds AND p.user_id < ${me}
              LIMIT 1000) b)::int
       FROM me`,
  );
  // The talent query. Before: every match gathered by the GIN index over match_keys, counted and sorted for one page.
  // After: the page walks the order index, which carries match_keys (migration 0023); the count is apart (cached).
  const talentKeys = `'{p:总账会计,r:河南省,s:3}'::text[]`;
  await plan(
    'talent query (河南省, 总账会计, star level 3 or more): before (matches gathered, counted and sorted)',
    `WITH m AS MATERIALIZED (
       SELECT j.user_id, j.star_level, j.updated_at FROM talent_apply_jobs j
        WHERE j.show_personal_info AND j.listed AND j.match_keys @> ${talentKeys})
     SELECT m.user_id, count(*) OVER ()::int AS total FROM m
      ORDER BY m.star_level DESC NULLS LAST, m.updated_at DESC NULLS LAST, m.user_id ASC LIMIT 10`,
  );
  await plan(
    'talent query: after, the page (index-only walk of the order index)',
    `SELECT j.user_id FROM talent_apply_jobs j
      WHERE j.show_personal_info AND j.listed AND j.match_keys @> ${talentKeys}
      ORDER BY j.star_level DESC NULLS LAST, j.updated_at DESC NULLS LAST, j.user_id ASC LIMIT 10`,
  );
  await plan(
    'talent query: after, the count (once a minute per filter and process)',
    `SELECT count(*)::int FROM talent_apply_jobs j
      WHERE j.show_personal_info AND j.listed AND j.match_keys @> ${talentKeys}`,
  );
  // The tag filter: before, EXISTS per course (every published course tested to count the filter); after, the
  // tag's courses as one id array fetched by primary key.
  const tagList = (cond) => `SELECT c.id, count(*) OVER ()::int FROM courses c WHERE c.published AND ${cond}
    ORDER BY c.published_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 10`;
  await plan(
    'tag filter: before (EXISTS per course)',
    tagList(`EXISTS (SELECT 1 FROM courses_course_tags ct JOIN courses_tags tg ON tg.id = ct.tag_id
                     WHERE ct.course_id = c.id AND (tg.id = 12 OR tg.parent_id = 12))`),
  );
  await plan(
    "tag filter: after (the tag's courses)",
    tagList(`c.id = ANY (ARRAY(SELECT ct.course_id FROM courses_course_tags ct
                      WHERE ct.tag_id IN (SELECT tg.id FROM courses_tags tg WHERE tg.id = 12 OR tg.parent_id = 12)))`),
  );
  const card = `c.id, c.title, t.name, (SELECT json_agg(ct.tag_id) FROM courses_course_tags ct WHERE ct.course_id = c.id)`;
  await plan(
    `course list, page ${deepPage}: before (OFFSET)`,
    `SELECT ${card}, count(*) OVER ()::int FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
    WHERE c.published ORDER BY c.published_at DESC, c.id DESC LIMIT 10 OFFSET ${(deepPage - 1) * 10}`,
  );
  const { rows: lastOfPrev } = await pool.query(
    `SELECT c.published_at::text AS at, c.id FROM courses c WHERE c.published ORDER BY c.published_at DESC, c.id DESC
      LIMIT 1 OFFSET ${Math.max(0, (deepPage - 1) * 10 - 1)}`,
  );
  await plan(
    `course list, page ${deepPage}: after (cursor)`,
    `SELECT ${card} FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
    WHERE c.published AND (c.published_at, c.id) < ('${lastOfPrev[0].at}'::timestamptz, ${lastOfPrev[0].id})
    ORDER BY c.published_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 11`,
  );
  await plan(
    'Chinese substring search',
    `SELECT c.id, count(*) OVER ()::int FROM courses c WHERE c.published
    AND (c.title ILIKE '%税务筹划%' OR c.summary ILIKE '%税务筹划%') ORDER BY c.published_at DESC, c.id DESC LIMIT 10`,
  );

  const result = {
    date: new Date().toISOString(),
    scale: SCALE,
    rows: N,
    load_seconds: loadSeconds,
    concurrency: CONCURRENCY,
    requests_per_endpoint: REQUESTS,
    primary_key_lookup: pkStats,
    http_floor: floorStats,
    endpoints: rows,
    explain,
    machine: machine(),
  };
  // A partial run (--only) prints its table but does not replace the recorded result of a whole run.
  if (only.length === 0) writeResult(`scale-${SCALE}`, result);
  if (args.includes('--keep')) log(`kept database ${db.name}: measure again with --reuse ${db.name}`);
  console.log(
    `\n| endpoint | p50 ms | p99 ms | per s | p50 / PK | p99 / PK | p99 budget | met |\n|---|---:|---:|---:|---:|---:|---:|---|`,
  );
  console.log(
    `| primary-key lookup (SQL) | ${pkStats.p50} | ${pkStats.p99} | ${pkStats.per_second} | 1 | 1 | | |`,
  );
  console.log(
    `| HTTP floor: /api/healthz, no database | ${floorStats.p50} | ${floorStats.p99} | ${floorStats.per_second} | ${round(floorStats.p50 / pkStats.p50, 1)} | ${round(floorStats.p99 / pkStats.p99, 1)} | | |`,
  );
  for (const r of rows)
    console.log(
      `| ${r.endpoint} | ${r.p50} | ${r.p99} | ${r.per_second} | ${r.p50_ratio} | ${r.p99_ratio} | ${r.budget_p99_ms} | ${r.met ? 'yes' : 'no'} |`,
    );
  for (const [k, v] of Object.entries(explain)) console.log(`\n${k}:\n${v}`);
}

try {
  await main();
} finally {
  await server?.stop();
  await pool.end();
  if (!args.includes('--keep') && !reuse) await db.drop();
  rmSync(tmp, { recursive: true, force: true });
}
