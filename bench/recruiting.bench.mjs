// Recruiting at scale on the built server, one process: on embedded PGlite, or on PostgreSQL when
// BENCH_RECRUITING_DATABASE_URL names a superuser URL (a fresh database is made and dropped). 200,000 public talent
// portraits and 50,000 online job posts of synthetic data. Sequential requests on an idle server, interleaved round-robin, give
// p50/p99 latencies of (a) the talent query with three filters (region, position, star level) and (b) the job board
// with keyword + city, each against (c) a unique-key lookup (GET /api/user_infos/show_personal_info?user_id=, one
// index probe on talent_apply_jobs) measured in the same run. EXPLAIN ANALYZE of both searches is kept with the result.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '../scripts/lib/stack.mjs';
import { openDatabase, preparedDataDir, round, startPlatform, stop, writeResult } from './lib.mjs';
import { arr, h, PAIRS, POSITIONS, TALENT_QUERIES, talentPoolSql } from './talent-data.mjs';

const PORTRAITS = Number(process.env.BENCH_PORTRAITS ?? 200_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 50_000);
const COMPANIES = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;
const PG_URL = process.env.BENCH_RECRUITING_DATABASE_URL;

const TITLE_WORDS = ['（制造业）', '（集团总部）', '（上市公司）', '（外资）', '（新能源）', '（医药）', '（零售连锁）', '（物流）'];

/** Synthetic people, companies and posts written straight into the prepared database (no server running). */
async function addData(dataDir, databaseUrl) {
  const db = await openDatabase(dataDir, databaseUrl);
  const t0 = performance.now();
  try {
    await db.exec(`
      INSERT INTO users (phone, role, nickname, created_at, updated_at)
        SELECT '135' || lpad(i::text, 8, '0'), 'personal', '压测人才' || i, now(), now() FROM generate_series(1, ${PORTRAITS}) i;
      ${talentPoolSql(`u.phone LIKE '135%'`)}
      INSERT INTO users (phone, role, nickname, company_name, created_at, updated_at)
        SELECT '134' || lpad(i::text, 8, '0'), 'company', '压测企业' || i, '压测企业' || i, now(), now() FROM generate_series(1, ${COMPANIES}) i;
      INSERT INTO recruiting_companies (user_id, name, industry, unit_size, city, status, updated_at)
        SELECT u.id, (${arr(['华信', '中原', '北方', '长江', '东方', '海川', '金桥', '恒达'])})[1 + u.id % 8] || '财税服务有限公司' || u.id,
               '制造业', 1 + u.id % 5, '河南省:郑州市', 'verified', now()
          FROM users u WHERE u.phone LIKE '134%';
      INSERT INTO recruiting_posts (company_id, title, position, position_level, citys, salary_band, salary_min, salary_max,
                                    experience, education, headcount, description, expires_on, status, published_at, created_at, updated_at)
        SELECT c.user_id, pos || (${arr(TITLE_WORDS)})[1 + ${h('i', 15, TITLE_WORDS.length)}], pos, 1 + ${h('i', 16, 4)},
               (${arr(PAIRS)})[1 + ${h('i', 17, PAIRS.length)}], NULL, 3000 + ${h('i', 18, 20)} * 1000, 6000 + ${h('i', 18, 20)} * 1500,
               i % 6, i % 6, 1 + i % 3, '负责总账核算、报表编制与税务申报。', current_date + 60, 'online',
               now() - (i % 20000) * interval '1 minute', now(), now()
          FROM generate_series(1, ${POSTS}) i
          CROSS JOIN LATERAL (SELECT (${arr(POSITIONS)})[1 + ${h('i', 19, POSITIONS.length)}] AS pos) p
          JOIN (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM recruiting_companies
                 WHERE name LIKE '%财税服务有限公司%') c ON c.n = i % ${COMPANIES};
    `);
    const company = (await db.query(`SELECT user_id FROM recruiting_companies WHERE name LIKE '%财税服务有限公司%' ORDER BY user_id LIMIT 1`)).rows[0].user_id;
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    await db.query(
      `INSERT INTO auth_sessions (user_id, token_hash, created_at, touched_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
      [company, hash, now, expires],
    );
    const ids = (await db.query(`SELECT min(user_id) AS lo, max(user_id) AS hi FROM talent_apply_jobs`)).rows[0];
    await db.exec('ANALYZE');
    await db.checkpoint();
    return { token, lo: ids.lo, hi: ids.hi, loadSeconds: round((performance.now() - t0) / 1000, 1) };
  } finally {
    await db.close();
  }
}

const BOARD_QUERIES = [
  ['总账会计', '河南省'],
  ['财税服务', '河北省'],
  ['税务经理', '贵州省'],
  ['制造业', '浙江省:宁波市'],
  ['预算经理', '广西壮族自治区'],
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50_ms: round(percentile(s, 50), 2), p99_ms: round(percentile(s, 99), 2), max_ms: round(s.at(-1), 2) };
}

async function timed(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  const ms = performance.now() - t;
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.message}`);
  return { ms, body };
}

/** EXPLAIN ANALYZE of the inner (page-of-ids) queries the repository runs for one talent query and one board search. */
async function explain(dataDir, databaseUrl) {
  const db = await openDatabase(dataDir, databaseUrl);
  try {
    const talent = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)
      WITH m AS MATERIALIZED (
        SELECT j.user_id, j.star_level, j.updated_at
          FROM talent_apply_jobs j
         WHERE j.show_personal_info AND j.listed
           AND j.match_keys @> '{p:总账会计,r:河南省,s:3}'::text[])
      SELECT m.user_id, count(*) OVER ()::int AS total
        FROM m
       ORDER BY m.star_level DESC NULLS LAST, m.updated_at DESC NULLS LAST, m.user_id ASC LIMIT 10`);
    const board = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)
      SELECT p.id, count(*) OVER ()::int AS total
        FROM recruiting_posts p
       WHERE p.status = 'online' AND p.expires_on >= current_date
         AND p.search_text LIKE lower('%财税服务%')
         AND (p.citys LIKE '%河北省:%' AND (',' || p.citys) LIKE '%,河北省:%')
       ORDER BY p.published_at DESC, p.id DESC LIMIT 10`);
    const lines = (r) => r.rows.map((row) => row['QUERY PLAN']);
    return { talent_query: lines(talent), job_board: lines(board) };
  } finally {
    await db.close();
  }
}

export async function run() {
  const database = PG_URL ? await createDatabase(PG_URL, 'bench_recruiting') : null;
  const dbEnv = database ? { DATABASE_URL: database.url } : {};
  const engine = database ? 'PostgreSQL 15 on the same machine' : 'embedded PGlite';
  const dataDir = await preparedDataDir(dbEnv);
  const samples = { pk: [], talent: [], board: [] };
  const totals = { talent: [], board: [] };
  let proc;
  let data;
  let plans;
  try {
    data = await addData(dataDir, database?.url);
    const platform = await startPlatform(dataDir, dbEnv);
    proc = platform.proc;
    const { url } = platform;
    const auth = { token: data.token };
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const userId = data.lo + ((i * 7919) % (data.hi - data.lo + 1));
      const [region, position, star] = TALENT_QUERIES[i % TALENT_QUERIES.length];
      const [keyword, city] = BOARD_QUERIES[i % BOARD_QUERIES.length];
      const pk = await timed(`${url}/api/user_infos/show_personal_info?user_id=${userId}`);
      const talent = await timed(
        `${url}/api/talents?region=${encodeURIComponent(region)}&position=${encodeURIComponent(position)}&star_min=${star}&per=10`,
        auth,
      );
      const board = await timed(`${url}/api/job_board?keyword=${encodeURIComponent(keyword)}&city=${encodeURIComponent(city)}&per=10`);
      if (i < WARMUP) continue;
      samples.pk.push(pk.ms);
      samples.talent.push(talent.ms);
      samples.board.push(board.ms);
      if (i < WARMUP + TALENT_QUERIES.length) {
        totals.talent.push(talent.body.data.total);
        totals.board.push(board.body.data.total);
      }
    }
    await stop(proc);
    proc = undefined;
    plans = await explain(dataDir, database?.url);
  } finally {
    if (proc) await stop(proc);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  const pk = stats(samples.pk);
  const talent = stats(samples.talent);
  const board = stats(samples.board);
  return {
    engine: database ? 'postgresql' : 'pglite',
    method:
      `${PORTRAITS.toLocaleString('en-US')} public portraits and ${POSTS.toLocaleString('en-US')} online posts of synthetic data in the built server ` +
      `(${engine}, one process); ${ROUNDS} rounds after ${WARMUP} warm-up, each one request of each kind in turn on an idle server ` +
      '(no concurrency); talent query = GET /api/talents with region, position and star level (company session); job board = ' +
      'GET /api/job_board with a keyword of 3+ characters and a province; the baseline is a unique-key lookup ' +
      '(GET /api/user_infos/show_personal_info?user_id=) measured in the same run; ratios are p99 over the baseline p99',
    portraits: PORTRAITS,
    posts: POSTS,
    rounds: ROUNDS,
    data_load_seconds: data.loadSeconds,
    unique_key_lookup: pk,
    talent_query: { ...talent, p99_ratio_to_lookup: round(talent.p99_ms / pk.p99_ms, 1), matches_per_query: totals.talent },
    job_board: { ...board, p99_ratio_to_lookup: round(board.p99_ms / pk.p99_ms, 1), matches_per_query: totals.board },
    explain: plans,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  console.log(`[bench] wrote ${writeResult(PG_URL ? 'recruiting-postgresql' : 'recruiting', result)}`);
}
