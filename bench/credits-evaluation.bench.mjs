// node bench/credits-evaluation.bench.mjs [--grants 20000000] [--users 1000000] [--courses 5000] [--members 2000] [--keep | --reuse bench_credits_<hex>]
//
// Continuing-education credits at national scale, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a superuser
// URL): a fresh database migrated with the committed migrations, then --users personal accounts (three in ten with a
// region), --courses published courses carrying credits, the national rule for 2019-2026 and two provincial ones, and
// --grants rows of credits_grants (about --grants / --users per member over eight years, one in 200 withdrawn) made by
// one INSERT ... SELECT generate_series inside PostgreSQL, with the table's secondary indexes and foreign keys dropped
// during the load and rebuilt from their own definitions after it.
//
// Measured: the statements GET /api/credits/year runs for one member (apps/server/src/modules/credits/credits.service.ts
// myYear: region, rule, the year's grants, the suggested courses, earlier years and their rules), one after the other
// on one connection as the service does, for --members random members, sequentially and by 8 workers at once; the
// baseline is a primary-key lookup of users measured the same way in the same run. Also timed: the staff report's
// statements (credits-report.ts: the year's counts, pages with and without a result filter, an export batch). Results go to
// bench/results/scale-credits-evaluation.json (reported by hand in docs/performance-notes.md). Not part of `npm run bench`.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDatabase, databaseUrlFor, root } from '../scripts/lib/stack.mjs';
import { round, writeResult } from './lib.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const N = {
  grants: Number(arg('grants', '20000000')),
  users: Number(arg('users', '1000000')),
  courses: Number(arg('courses', '5000')),
  members: Number(arg('members', '2000')),
};
const YEAR = 2026;
const WORKERS = 8;
const REGIONS = ['北京市', '天津市', '河北省', '山西省', '内蒙古自治区', '辽宁省', '吉林省', '黑龙江省', '上海市', '江苏省', '浙江省', '安徽省', '福建省', '江西省', '山东省', '河南省', '湖北省', '湖南省', '广东省', '广西壮族自治区', '海南省', '重庆市', '四川省', '贵州省', '云南省', '西藏自治区', '陕西省', '甘肃省', '青海省', '宁夏回族自治区', '新疆维吾尔自治区'];

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL superuser URL');
const reuse = arg('reuse', undefined);
if (reuse !== undefined && !/^bench_credits_[0-9a-f]+$/.test(reuse)) throw new Error('--reuse takes a kept bench_credits_<hex> database');
const db = reuse ? { name: reuse, url: databaseUrlFor(adminUrl, reuse), drop: async () => undefined } : await createDatabase(adminUrl, 'bench_credits');
const pool = new pg.Pool({ connectionString: db.url, max: WORKERS });
const log = (...a) => console.log('[bench:credits]', ...a);
const phases = {};

async function timed(label, text) {
  const t0 = performance.now();
  await pool.query(text);
  const s = round((performance.now() - t0) / 1000, 1);
  phases[label] = s;
  log(`${label}: ${s} s`);
}

async function fill() {
  const m = drizzle(pool);
  await migrate(m, { migrationsFolder: path.join(root, 'apps', 'server', 'drizzle') });
  await timed(
    `users (${N.users})`,
    `INSERT INTO users (phone, role, nickname, created_at, updated_at)
     SELECT '1' || lpad(i::text, 10, '0'), 'personal', '学员' || i, now(), now() FROM generate_series(1, ${N.users}) i;
     INSERT INTO credits_profiles (user_id, region, updated_at)
     SELECT i, (ARRAY[${REGIONS.map((r) => `'${r}'`).join(',')}])[(i % ${REGIONS.length}) + 1], now()
       FROM generate_series(1, ${N.users}) i WHERE i % 10 < 3;`,
  );
  await timed(
    `courses with credits (${N.courses})`,
    `INSERT INTO courses_teachers (name, title, photo) VALUES ('讲师', '高级会计师', '');
     INSERT INTO courses (slug, title, cover, summary, description, teacher_id, kind, price_type, lesson_count,
                          total_duration, learner_count, like_count, published, published_at, created_at, updated_at)
     SELECT 'c' || i, '继续教育课程 第' || i || '期', '/covers/1.jpg', '要点与案例', '[]'::jsonb,
            (SELECT min(id) FROM courses_teachers), 'video', 'free', 4, 2400, 0, 0, true, now(), now(), now()
       FROM generate_series(1, ${N.courses}) i;
     INSERT INTO credits_course_settings (course_id, category, credits, updated_at)
     SELECT id, CASE WHEN id % 3 = 0 THEN 'public' ELSE 'professional' END, 10 + (id % 8) * 10, now() FROM courses;`,
  );
  // Rule ids 1-8: the national rule of 2019-2026 (90 a year, 专业科目 two thirds); 9 and 10: two provinces in 2026.
  await timed(
    'rules',
    `INSERT INTO credits_rules (year, region, version, required_total, professional_min, professional_share_num,
                                professional_share_den, public_min, minutes_per_credit, conversions, filing_deadline, source, created_at)
     SELECT y, NULL, 1, 900, NULL, 2, 3, NULL, 50, '[]'::jsonb, make_date(y + 1, 3, 31), '财会〔2018〕10号', now()
       FROM generate_series(2019, 2026) y;
     INSERT INTO credits_rules (year, region, version, required_total, professional_min, professional_share_num,
                                professional_share_den, public_min, minutes_per_credit, conversions, filing_deadline, source, created_at)
     VALUES (2026, '江苏省', 1, 900, 600, NULL, NULL, 300, 50, '[]'::jsonb, '2027-03-31', '江苏省', now()),
            (2026, '浙江省', 1, 900, 600, NULL, NULL, 200, 45, '[]'::jsonb, '2027-03-31', '浙江省', now());`,
  );

  // The grants table's secondary indexes and foreign keys, as the migrations made them, rebuilt after the load.
  const { rows: indexes } = await pool.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'credits_grants' AND indexname <> 'credits_grants_pkey'`,
  );
  const { rows: fks } = await pool.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'credits_grants'::regclass AND contype = 'f'`,
  );
  for (const f of fks) await pool.query(`ALTER TABLE credits_grants DROP CONSTRAINT ${f.conname}`);
  for (const i of indexes) await pool.query(`DROP INDEX ${i.indexname}`);
  // Member u's j-th grant: the year 2019 + j % 8 under that year's national rule, a course's credits (the course
  // differs for each j), one in three 公需科目, 1-9 credits, one in 200 withdrawn.
  await timed(
    `credits_grants (${N.grants})`,
    `SET synchronous_commit = off;
     INSERT INTO credits_grants (user_id, year, category, credits, source, source_id, title, rule_id, granted_at, withdrawn_at, withdrawn_reason)
     SELECT u, 2019 + j % 8, CASE WHEN (k * 7) % 3 = 0 THEN 'public' ELSE 'professional' END, 10 + (k % 9) * 10,
            'course', ((j * 97 + u) % ${N.courses}) + 1, '继续教育课程 第' || (((j * 97 + u) % ${N.courses}) + 1) || '期',
            (j % 8) + 1, make_timestamptz((2019 + j % 8)::int, (1 + k % 12)::int, (1 + k % 28)::int, 10, 0, 0, 'Asia/Shanghai'),
            CASE WHEN k % 200 = 0 THEN now() END, CASE WHEN k % 200 = 0 THEN '重复' END
       FROM generate_series(0::bigint, ${N.grants - 1}) k,
            LATERAL (SELECT (k % ${N.users})::int + 1 AS u, (k / ${N.users})::int AS j) x;`,
  );
  await timed(
    'indexes and foreign keys rebuilt',
    `SET maintenance_work_mem = '1GB';
     ${indexes.map((i) => `${i.indexdef};`).join('\n')}
     ${fks.map((f) => `ALTER TABLE credits_grants ADD CONSTRAINT ${f.conname} ${f.def};`).join('\n')}`,
  );
  await timed('VACUUM ANALYZE', 'VACUUM ANALYZE');
}

// ---- the member's year, statement by statement (credits.service.ts myYear) -------------------------------------------

/** rulesFor (credits.service.ts): every requested year's rule, with ruleFor's precedence, in one statement. */
const RULES_FOR = `SELECT DISTINCT ON (y.year) y.year AS for_year, r.*
  FROM unnest($1::int[]) AS y(year)
  JOIN credits_rules r ON (r.year = y.year AND (r.region IS NULL OR r.region = $2)) OR (r.region IS NULL AND r.year < y.year)
 ORDER BY y.year, (r.year = y.year) DESC, (r.region IS NOT NULL) DESC, r.year DESC, r.version DESC`;
const rulesFor = async (c, years, region) =>
  new Map((years.length ? (await c.query(RULES_FOR, [years, region])).rows : []).map((r) => [r.for_year, r]));
const REGION = `SELECT region FROM credits_profiles WHERE user_id = $1`;
const GRANTS = `SELECT g.id, g.source, g.title, g.category, g.credits, g.granted_at, r.version
                  FROM credits_grants g JOIN credits_rules r ON r.id = g.rule_id
                 WHERE g.user_id = $1 AND g.year = $2 AND g.withdrawn_at IS NULL
                 ORDER BY g.granted_at DESC, g.id DESC`;
// credits-suggestions.ts (creditSuggestions), for one member: each category walked on credits_course_settings_order_idx.
const walk = (category, pass) => `(
      SELECT c.id, c.title, s.category, s.credits, ${pass} AS pass
        FROM credits_course_settings s JOIN courses c ON c.id = s.course_id
       WHERE s.category = ${category} AND c.published
         AND NOT EXISTS (SELECT 1 FROM credits_grants g WHERE g.user_id = w.user_id AND g.source = 'course' AND g.source_id = c.id)
       ORDER BY s.credits DESC NULLS LAST, s.course_id
       LIMIT 4)`;
const SUGGESTIONS = `SELECT w.user_id, x.id, x.title, x.category, x.credits
                       FROM unnest($1::int[], $2::text[]) AS w(user_id, prefer)
                       CROSS JOIN LATERAL (
                             SELECT * FROM (${walk('w.prefer', 0)} UNION ALL ${walk(`CASE w.prefer WHEN 'professional' THEN 'public' ELSE 'professional' END`, 1)}) u
                              ORDER BY pass, credits DESC, id LIMIT 4) x
                      ORDER BY w.user_id, x.pass, x.credits DESC, x.id`;
// The first version, kept for comparison: every course with credits joined and sorted on each call.
const SUGGESTIONS_SORT_ALL = `SELECT w.user_id, x.id, x.title, x.category, x.credits
                       FROM unnest($1::int[], $2::text[]) AS w(user_id, prefer)
                       CROSS JOIN LATERAL (
                             SELECT c.id, c.title, s.category, s.credits
                               FROM credits_course_settings s JOIN courses c ON c.id = s.course_id
                              WHERE c.published
                                AND NOT EXISTS (SELECT 1 FROM credits_grants g
                                                 WHERE g.user_id = w.user_id AND g.source = 'course' AND g.source_id = c.id)
                              ORDER BY (s.category = w.prefer) DESC, s.credits DESC, c.id
                              LIMIT 4) x
                      ORDER BY w.user_id, (x.category = w.prefer) DESC, x.credits DESC, x.id`;
const HISTORY = `SELECT year, category, sum(credits)::int AS credits FROM credits_grants
                  WHERE user_id = $1 AND withdrawn_at IS NULL AND year <> $2
                  GROUP BY year, category ORDER BY year DESC`;

/** The evaluation of contracts' evaluateCreditYear (professionalRequired, the missing figures), on a rule row. */
function evaluate(rule, rows) {
  let professional = 0;
  let pub = 0;
  for (const r of rows) if (r.category === 'professional') professional += r.credits;
  else pub += r.credits;
  const share = rule.professional_share_num !== null ? Math.ceil((rule.required_total * rule.professional_share_num) / rule.professional_share_den) : 0;
  const req = { total: rule.required_total, professional: Math.max(rule.professional_min ?? 0, share), public: rule.public_min ?? 0 };
  const missing = { total: Math.max(0, req.total - professional - pub), professional: Math.max(0, req.professional - professional), public: Math.max(0, req.public - pub) };
  return { missing, met: missing.total === 0 && missing.professional === 0 && missing.public === 0 };
}

const statementTimes = { region: [], rule: [], grants: [], suggestions: [], history: [], history_rules: [] };

/** GET /api/credits/year's statements for one member; `record` keeps each statement's time. */
async function myYear(c, userId, record) {
  let t = performance.now();
  const lap = (k) => {
    const now = performance.now();
    if (record) statementTimes[k].push(now - t);
    t = now;
  };
  const region = (await c.query(REGION, [userId])).rows[0]?.region ?? null;
  lap('region');
  const rule = (await rulesFor(c, [YEAR], region)).get(YEAR) ?? null;
  lap('rule');
  const grants = (await c.query(GRANTS, [userId, YEAR])).rows;
  lap('grants');
  const figures = evaluate(rule, grants);
  if (!figures.met) {
    const prefer = figures.missing.professional > 0 || figures.missing.public === 0 ? 'professional' : 'public';
    await c.query(SUGGESTIONS, [`{${userId}}`, `{${prefer}}`]);
    lap('suggestions');
  }
  const past = (await c.query(HISTORY, [userId, YEAR])).rows;
  lap('history');
  const years = [...new Set(past.map((p) => p.year))];
  const rules = await rulesFor(c, years, region);
  for (const y of years) evaluate(rules.get(y), past.filter((p) => p.year === y));
  lap('history_rules');
  return { grants: grants.length, years: new Set(past.map((p) => p.year)).size };
}

const pkLookup = (c, userId) => c.query('SELECT id, phone, nickname FROM users WHERE id = $1', [userId]);

const quantiles = (times) => {
  const s = [...times].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: round(q(0.5), 3), p99: round(q(0.99), 3), n: s.length };
};

/** p50/p99 of `fn(client, userId)` over `members` random members by `workers` connections (after a warm-up). */
async function measure(fn, members, workers) {
  const clients = await Promise.all(Array.from({ length: workers }, () => pool.connect()));
  try {
    const ids = Array.from({ length: members }, (_, i) => ((i * 7919 + 13) % N.users) + 1);
    for (const c of clients) for (let i = 0; i < 20; i++) await fn(c, ids[i], false);
    const times = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        while (next < ids.length) {
          const id = ids[next++];
          const s = performance.now();
          await fn(c, id, true);
          times.push(performance.now() - s);
        }
      }),
    );
    return { ...quantiles(times), per_second: Math.round(times.length / ((performance.now() - t0) / 1000)) };
  } finally {
    for (const c of clients) c.release();
  }
}

// ---- the staff report (credits-report.ts) ---------------------------------------------------------------------------

const TERMS = `terms (region, total, professional, public) AS (VALUES ${['', ...REGIONS]
  .map((r) => `('${r}', 900, 600, ${r === '江苏省' ? 300 : r === '浙江省' ? 200 : 0})`)
  .join(', ')})`;
const MET = (p, q) => `(${p} + ${q} >= coalesce(t.total, n.total) AND ${p} >= coalesce(t.professional, n.professional) AND ${q} >= coalesce(t.public, n.public))`;
/** memberRows: a page or an export batch; the members picked first, then each one's region, sums and terms. */
const TERMS_JSON = JSON.stringify(Object.fromEntries(['', ...REGIONS].map((r) => [r, { total: 900, professional: 600, public: r === '江苏省' ? 300 : r === '浙江省' ? 200 : 0 }])));
const MEMBER_ROWS = (where, tail) => `WITH picked AS MATERIALIZED (
    SELECT u.id FROM users u WHERE u.role = 'personal' AND NOT u.disabled AND ${where} ${tail})
  SELECT u.id AS user_id, u.real_name, u.nickname, u.phone, u.id_number, pr.region, s.professional, s.public,
         (s.professional + s.public >= r.total AND s.professional >= r.professional AND s.public >= r.public) AS met
    FROM picked JOIN users u ON u.id = picked.id
    LEFT JOIN LATERAL (SELECT p.region FROM credits_profiles p WHERE p.user_id = u.id) pr ON true
    CROSS JOIN LATERAL (SELECT coalesce(sum(g.credits) FILTER (WHERE g.category = 'professional'), 0)::int AS professional,
                               coalesce(sum(g.credits) FILTER (WHERE g.category = 'public'), 0)::int AS public
                          FROM credits_grants g WHERE g.user_id = u.id AND g.year = ${YEAR} AND g.withdrawn_at IS NULL) s
    CROSS JOIN LATERAL (SELECT (j ->> 'total')::int AS total, (j ->> 'professional')::int AS professional, (j ->> 'public')::int AS public
                          FROM (SELECT coalesce('${TERMS_JSON}'::jsonb -> pr.region, '${TERMS_JSON}'::jsonb -> '') AS j) x) r
   ORDER BY u.id`;
/** everyMember: the year's grants grouped by member and category in one pass, every member evaluated. */
const EVERY_MEMBER = `${TERMS},
  sums AS (SELECT user_id, coalesce(sum(credits) FILTER (WHERE category = 'professional'), 0)::int AS professional,
                  coalesce(sum(credits) FILTER (WHERE category = 'public'), 0)::int AS public
             FROM credits_grants WHERE year = ${YEAR} AND withdrawn_at IS NULL GROUP BY user_id),
  e AS MATERIALIZED (
    SELECT u.id, p.region, coalesce(s.professional, 0) AS professional, coalesce(s.public, 0) AS public,
           ${MET('coalesce(s.professional, 0)', 'coalesce(s.public, 0)')} AS met
      FROM users u LEFT JOIN credits_profiles p ON p.user_id = u.id LEFT JOIN sums s ON s.user_id = u.id
           LEFT JOIN terms t ON t.region = p.region JOIN terms n ON n.region = ''
     WHERE u.role = 'personal' AND NOT u.disabled)`;
const REPORT = {
  "the year's counts by region (reused a minute)": `WITH ${EVERY_MEMBER} SELECT region, count(*) FILTER (WHERE met)::int AS met, count(*) FILTER (WHERE NOT met)::int AS unmet FROM e GROUP BY region`,
  'a page of 20, whole country, page 1': MEMBER_ROWS('true', 'ORDER BY u.id LIMIT 20 OFFSET 0'),
  'a page of 20, whole country, page 5,000': MEMBER_ROWS('true', 'ORDER BY u.id LIMIT 20 OFFSET 99980'),
  'a page of 20, one province': MEMBER_ROWS(`EXISTS (SELECT 1 FROM credits_profiles p WHERE p.user_id = u.id AND p.region = '江苏省')`, 'ORDER BY u.id LIMIT 20 OFFSET 0'),
  'a page of 20 未达标, whole country': `WITH ${EVERY_MEMBER} SELECT e.id AS user_id, u.real_name, e.region, e.professional, e.public, e.met FROM e JOIN users u ON u.id = e.id WHERE NOT e.met ORDER BY e.id LIMIT 20`,
  'one export batch of 1,000': MEMBER_ROWS('u.id > 500000', 'ORDER BY u.id LIMIT 1000'),
};

/** Median of `runs` timings of each staff report statement. */
async function reportStatements(runs) {
  const out = {};
  for (const [label, text] of Object.entries(REPORT)) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await pool.query(text);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out[label] = { median_ms: round(times[Math.floor(times.length / 2)], 1), runs: times.map((t) => round(t, 1)) };
    log(`staff report, ${label}: median ${out[label].median_ms} ms`);
  }
  return out;
}

async function main() {
  log(JSON.stringify(N));
  let loadSeconds = null;
  if (reuse) log(`measuring on ${reuse}, filled by an earlier run`);
  else {
    const t0 = performance.now();
    await fill();
    loadSeconds = round((performance.now() - t0) / 1000, 1);
  }
  const { rows: counted } = await pool.query(`SELECT count(*)::bigint AS n, pg_size_pretty(pg_total_relation_size('credits_grants')) AS size FROM credits_grants`);
  log(`credits_grants: ${counted[0].n} rows, ${counted[0].size} with indexes`);

  const shape = await pool.connect().then(async (c) => {
    try {
      return await myYear(c, 4242, false);
    } finally {
      c.release();
    }
  });
  const baseline1 = await measure((c, id) => pkLookup(c, id), N.members, 1);
  for (const k of Object.keys(statementTimes)) statementTimes[k] = [];
  const year1 = await measure(myYear, N.members, 1);
  const statements = Object.fromEntries(Object.entries(statementTimes).map(([k, v]) => [k, quantiles(v)]));
  const baseline8 = await measure((c, id) => pkLookup(c, id), N.members * 2, WORKERS);
  const year8 = await measure(myYear, N.members * 2, WORKERS);
  log(`primary-key lookup, 1 connection: p50 ${baseline1.p50} ms, p99 ${baseline1.p99} ms`);
  log(`member's year, 1 connection: p50 ${year1.p50} ms, p99 ${year1.p99} ms (${round(year1.p50 / baseline1.p50, 1)}x / ${round(year1.p99 / baseline1.p99, 1)}x)`);
  log(`primary-key lookup, ${WORKERS} connections: p50 ${baseline8.p50} ms, p99 ${baseline8.p99} ms`);
  log(`member's year, ${WORKERS} connections: p50 ${year8.p50} ms, p99 ${year8.p99} ms (${round(year8.p50 / baseline8.p50, 1)}x / ${round(year8.p99 / baseline8.p99, 1)}x)`);

  const suggestionWalk = await measure((c, id) => c.query(SUGGESTIONS, [`{${id}}`, '{professional}']), N.members, 1);
  const suggestionSortAll = await measure((c, id) => c.query(SUGGESTIONS_SORT_ALL, [`{${id}}`, '{professional}']), N.members, 1);
  log(`suggested courses alone: index walk p50 ${suggestionWalk.p50} ms, p99 ${suggestionWalk.p99} ms; sorting every course p50 ${suggestionSortAll.p50} ms, p99 ${suggestionSortAll.p99} ms`);
  const plan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${GRANTS}`, [4242, YEAR])).rows.map((r) => r['QUERY PLAN']);
  const suggestionsPlan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${SUGGESTIONS}`, ['{4242}', '{professional}'])).rows.map((r) => r['QUERY PLAN']);
  const report = await reportStatements(5);

  const result = {
    method:
      `PostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version} on this machine, a fresh database with the committed migrations; ` +
      `${N.users.toLocaleString('en-US')} members (3 in 10 with a region), ${N.courses.toLocaleString('en-US')} courses carrying credits, ` +
      `${Number(counted[0].n).toLocaleString('en-US')} credits_grants rows (${counted[0].size} with indexes) over 2019-2026 loaded by one INSERT ... SELECT generate_series; ` +
      `the member's year is the statements of GET /api/credits/year in order on one connection (region, rule, the year's grants, suggestions when the year is unmet, earlier years, their rules), ` +
      `p50/p99 over ${N.members} members on 1 connection and ${N.members * 2} on ${WORKERS}; baseline: SELECT by primary key of users, same members and connections, same run`,
    scale: { ...N, grants_rows: Number(counted[0].n), grants_size: counted[0].size, load_seconds: loadSeconds, phases_s: phases },
    member_shape: shape,
    one_connection: {
      baseline_pk_ms: baseline1,
      member_year_ms: year1,
      ratio_p50: round(year1.p50 / baseline1.p50, 1),
      ratio_p99: round(year1.p99 / baseline1.p99, 1),
      per_statement_ms: statements,
    },
    [`${WORKERS}_connections`]: {
      baseline_pk_ms: baseline8,
      member_year_ms: year8,
      ratio_p50: round(year8.p50 / baseline8.p50, 1),
      ratio_p99: round(year8.p99 / baseline8.p99, 1),
    },
    suggested_courses_alone_ms: { index_walk: suggestionWalk, sorting_every_course: suggestionSortAll },
    staff_report_ms: report,
    explain: { "the member's year's grants": plan, 'suggested courses': suggestionsPlan },
  };
  console.log(JSON.stringify(result, null, 2));
  log(`wrote ${writeResult('scale-credits-evaluation', result)}`);
}

try {
  await main();
} finally {
  await pool.end();
  if (args.includes('--keep') || reuse) log(`kept database ${db.name}`);
  else await db.drop();
}
