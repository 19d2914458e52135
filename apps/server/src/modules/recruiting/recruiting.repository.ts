import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { containsPattern, rowsOf } from '../../db/sql';
import {
  recruitingApplications,
  recruitingCompanies,
  recruitingPool,
  recruitingPortraitViews,
  recruitingPosts,
} from './recruiting.table';

export type CompanyRow = typeof recruitingCompanies.$inferSelect;
export type PostRowBase = typeof recruitingPosts.$inferSelect;
export type PostValues = Omit<
  typeof recruitingPosts.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'status' | 'reviewReason' | 'submittedAt' | 'publishedAt'
>;
export type ApplicationRow = typeof recruitingApplications.$inferSelect;
export type PoolRow = typeof recruitingPool.$inferSelect;

/** A post as the board and the company lists read it: the post, its company card and its application count. */
export interface PostRow {
  id: number;
  company_id: number;
  title: string;
  position: string;
  position_level: number;
  citys: string;
  salary_band: number | null;
  salary_min: number;
  salary_max: number | null;
  experience: number;
  education: number;
  headcount: number;
  description: string;
  expires_on: string;
  status: PostRowBase['status'];
  review_reason: string | null;
  published_at: Date | string | null;
  updated_at: Date | string;
  company_name: string;
  company_industry: string | null;
  company_unit_size: number | null;
  company_city: string | null;
  company_logo: string | null;
  company_intro: string | null;
  company_online_posts: number;
  application_count: number;
  total?: number;
}

/** A public portrait as the talent query reads it (never the full name or phone: the service masks). */
export interface TalentRow {
  user_id: number;
  name: string;
  sex: number;
  citys: string;
  positions: string;
  salary: number;
  star_id: number;
  learn_seconds: number;
  highest_degree: number | null;
  work_days: number;
  credentials: string[] | null;
  in_pool: boolean;
  updated_at: Date | string;
}

export interface BoardFilters {
  today: string;
  keyword?: string;
  city?: string;
  position?: string;
  salaryRange?: [number, number | null];
  industry?: string;
  unitSize?: number;
  since?: Date;
  companyId?: number;
  excludeId?: number;
  sort: 'newest' | 'salary';
  limit: number;
  offset: number;
}

export interface TalentFilters {
  today: string;
  companyId: number;
  region?: string;
  position?: string;
  starMin?: number;
  certificate?: string;
  yearsMin?: number;
  educationMin?: number;
  salary?: number;
  userIds?: number[];
  /** Any of these city patterns or positions (recommendation's pre-filter). */
  anyOf?: { provinces: string[]; positions: string[] };
  limit: number;
  offset: number;
}

const POST_SELECT = (today: string) => sql`
  SELECT p.id, p.company_id, p.title, p.position, p.position_level, p.citys, p.salary_band, p.salary_min, p.salary_max,
         p.experience, p.education, p.headcount, p.description, to_char(p.expires_on, 'YYYY-MM-DD') AS expires_on,
         p.status, p.review_reason, p.published_at, p.updated_at,
         c.name AS company_name, c.industry AS company_industry, c.unit_size AS company_unit_size, c.city AS company_city,
         c.logo AS company_logo, c.intro AS company_intro,
         (SELECT count(*)::int FROM recruiting_posts o
           WHERE o.company_id = p.company_id AND o.status = 'online' AND o.expires_on >= ${today}::date) AS company_online_posts`;

/**
 * `,a,b,` contains `,x,`: an exact item of a comma list. The plain `LIKE %x%` on the column comes first so a trigram
 * index on the column can find candidates; the delimited form then rejects partial names.
 */
const listHas = (column: SQL, item: string) =>
  sql`(${column} LIKE ${containsPattern(item)} AND (',' || ${column} || ',') LIKE ${containsPattern(`,${item},`)})`;
/** A city filter of posts: a 'province:city' pair, or every city of a province (same index-first shape as listHas). */
const cityMatch = (column: SQL, city: string) =>
  city.includes(':')
    ? listHas(column, city)
    : sql`(${column} LIKE ${containsPattern(`${city}:`)} AND (',' || ${column}) LIKE ${containsPattern(`,${city}:`)})`;

/** The talent query's conditions on `talent_apply_jobs j` (public, listed portraits matching every filter given). */
function talentWhere(f: Omit<TalentFilters, 'limit' | 'offset' | 'companyId'>): SQL {
  // `listed` and `star_level` are the owner's account state and star level, kept on the row by triggers
  // (migration 0020), so matching, counting and ordering read this one table.
  const where: SQL[] = [sql`j.show_personal_info`, sql`j.listed`];
  if (f.userIds)
    where.push(
      f.userIds.length
        ? sql`j.user_id IN (${sql.join(
            f.userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  // Position, region and lowest star level: one containment test on match_keys (migration 0021, GIN-indexed).
  const keys = [
    ...(f.position ? [`p:${f.position}`] : []),
    ...(f.region ? [`r:${f.region}`] : []),
    ...(f.starMin ? [`s:${f.starMin}`] : []),
  ];
  if (keys.length) where.push(sql`j.match_keys @> ${pgArray(keys)}::text[]`);
  if (f.salary !== undefined) where.push(sql`j.salary = ${f.salary}`);
  if (f.certificate)
    where.push(
      sql`EXISTS (SELECT 1 FROM talent_credentials cr WHERE cr.user_id = j.user_id AND cr.name ILIKE ${containsPattern(f.certificate)})`,
    );
  if (f.educationMin)
    where.push(
      sql`EXISTS (SELECT 1 FROM talent_edus e WHERE e.user_id = j.user_id AND e.degree >= ${f.educationMin})`,
    );
  if (f.yearsMin)
    where.push(
      sql`(SELECT coalesce(sum(coalesce(w.end_date, ${f.today}::date) - w.start_date), 0)
               FROM talent_jobs w WHERE w.user_id = j.user_id) >= ${f.yearsMin * 365}`,
    );
  if (f.anyOf) {
    const either = [...f.anyOf.provinces.map((p) => `r:${p}`), ...f.anyOf.positions.map((x) => `p:${x}`)];
    where.push(either.length ? sql`j.match_keys && ${pgArray(either)}::text[]` : sql`false`);
  }
  return sql.join(where, sql` AND `);
}

export const recruitingRepository = {
  // ---- companies ---------------------------------------------------------------------------------------------------

  async company(db: DbOrTx, userId: number): Promise<CompanyRow | null> {
    const [row] = await db.select().from(recruitingCompanies).where(eq(recruitingCompanies.userId, userId));
    return row ?? null;
  },

  async upsertCompany(
    db: DbOrTx,
    userId: number,
    values: Partial<Omit<CompanyRow, 'userId' | 'updatedAt'>> & { name: string },
    now: Date,
  ): Promise<CompanyRow> {
    const [row] = await db
      .insert(recruitingCompanies)
      .values({ ...values, userId, updatedAt: now })
      .onConflictDoUpdate({ target: recruitingCompanies.userId, set: { ...values, updatedAt: now } })
      .returning();
    return row!;
  },

  /** Conditional status change (review): null when the company was not in `from`. */
  async setCompanyStatus(
    db: DbOrTx,
    userId: number,
    from: CompanyRow['status'][],
    set: Partial<CompanyRow>,
  ): Promise<CompanyRow | null> {
    const [row] = await db
      .update(recruitingCompanies)
      .set(set)
      .where(and(eq(recruitingCompanies.userId, userId), inArray(recruitingCompanies.status, from)))
      .returning();
    return row ?? null;
  },

  async onlinePostCount(db: DbOrTx, companyId: number, today: string): Promise<number> {
    const [r] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM recruiting_posts
           WHERE company_id = ${companyId} AND status = 'online' AND expires_on >= ${today}::date`,
    );
    return r?.n ?? 0;
  },

  /** The company centre's figures in one round trip. */
  async companyOverview(db: DbOrTx, companyId: number, today: string) {
    const [r] = await rowsOf<{
      posts_online: number;
      posts_pending: number;
      applications_total: number;
      applications_new: number;
      interviews: number;
      pool_size: number;
    }>(
      db,
      sql`SELECT
            (SELECT count(*)::int FROM recruiting_posts
              WHERE company_id = ${companyId} AND status = 'online' AND expires_on >= ${today}::date) AS posts_online,
            (SELECT count(*)::int FROM recruiting_posts WHERE company_id = ${companyId} AND status = 'pending') AS posts_pending,
            (SELECT count(*)::int FROM recruiting_applications
              WHERE company_id = ${companyId} AND status <> 'withdrawn') AS applications_total,
            (SELECT count(*)::int FROM recruiting_applications WHERE company_id = ${companyId} AND status = 'sent') AS applications_new,
            (SELECT count(*)::int FROM recruiting_applications WHERE company_id = ${companyId} AND status = 'interview') AS interviews,
            (SELECT count(*)::int FROM recruiting_pool WHERE company_id = ${companyId}) AS pool_size`,
    );
    return r!;
  },

  adminCompanies(db: DbOrTx, status: string | null, limit: number, offset: number) {
    return rowsOf<CompanyRow & { phone: string; credit_code: string | null; total: number }>(
      db,
      sql`SELECT c.user_id AS "userId", c.name, c.industry, c.unit_size AS "unitSize", c.city, c.address, c.logo,
                 c.intro, c.contact_name AS "contactName", c.contact_phone AS "contactPhone", c.licence,
                 c.status, c.reject_reason AS "rejectReason", c.submitted_at AS "submittedAt",
                 c.reviewed_at AS "reviewedAt", c.updated_at AS "updatedAt",
                 u.phone, u.credit_code, count(*) OVER ()::int AS total
            FROM recruiting_companies c JOIN users u ON u.id = c.user_id
           WHERE ${status === null ? sql`true` : sql`c.status = ${status}`}
           ORDER BY c.submitted_at DESC NULLS LAST, c.user_id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  // ---- posts ---------------------------------------------------------------------------------------------------------

  async postBase(db: DbOrTx, id: number): Promise<PostRowBase | null> {
    const [row] = await db.select().from(recruitingPosts).where(eq(recruitingPosts.id, id));
    return row ?? null;
  },

  async insertPost(
    db: DbOrTx,
    companyId: number,
    values: PostValues,
    status: PostRowBase['status'],
    now: Date,
  ): Promise<number> {
    const [row] = await db
      .insert(recruitingPosts)
      .values({
        ...values,
        companyId,
        status,
        submittedAt: status === 'pending' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: recruitingPosts.id });
    return row!.id;
  },

  async updatePost(db: DbOrTx, id: number, set: Partial<PostRowBase>): Promise<boolean> {
    const rows = await db
      .update(recruitingPosts)
      .set(set)
      .where(eq(recruitingPosts.id, id))
      .returning({ id: recruitingPosts.id });
    return rows.length > 0;
  },

  /** Conditional status change (review, offline): false when the post was not in `from`. */
  async setPostStatus(
    db: DbOrTx,
    id: number,
    from: PostRowBase['status'][],
    set: Partial<PostRowBase>,
  ): Promise<boolean> {
    const rows = await db
      .update(recruitingPosts)
      .set(set)
      .where(and(eq(recruitingPosts.id, id), inArray(recruitingPosts.status, from)))
      .returning({ id: recruitingPosts.id });
    return rows.length > 0;
  },

  async postById(db: DbOrTx, id: number, today: string): Promise<PostRow | null> {
    const [row] = await rowsOf<PostRow>(
      db,
      sql`${POST_SELECT(today)},
            (SELECT count(*)::int FROM recruiting_applications a WHERE a.post_id = p.id) AS application_count
          FROM recruiting_posts p JOIN recruiting_companies c ON c.user_id = p.company_id
          WHERE p.id = ${id}`,
    );
    return row ?? null;
  },

  /** A company's posts (state filter: a stored status, 'expired', or null for all), newest change first. */
  companyPosts(
    db: DbOrTx,
    companyId: number | null,
    status: string | null,
    today: string,
    limit: number,
    offset: number,
  ) {
    const state =
      status === null
        ? sql`true`
        : status === 'expired'
          ? sql`p.status = 'online' AND p.expires_on < ${today}::date`
          : status === 'online'
            ? sql`p.status = 'online' AND p.expires_on >= ${today}::date`
            : sql`p.status = ${status}`;
    return rowsOf<PostRow>(
      db,
      sql`${POST_SELECT(today)},
            (SELECT count(*)::int FROM recruiting_applications a WHERE a.post_id = p.id) AS application_count,
            count(*) OVER ()::int AS total
          FROM recruiting_posts p JOIN recruiting_companies c ON c.user_id = p.company_id
          WHERE ${companyId === null ? sql`true` : sql`p.company_id = ${companyId}`} AND ${state}
          ORDER BY ${status === 'pending' ? sql`p.submitted_at ASC,` : sql``} p.updated_at DESC, p.id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** The public board: online, unexpired posts with the filters of /jobDetail. */
  board(db: DbOrTx, f: BoardFilters) {
    const where: SQL[] = [sql`p.status = 'online'`, sql`p.expires_on >= ${f.today}::date`];
    if (f.city) where.push(cityMatch(sql`p.citys`, f.city));
    if (f.position) where.push(sql`p.position = ${f.position}`);
    if (f.salaryRange) {
      const [min, max] = f.salaryRange;
      if (max !== null) where.push(sql`p.salary_min <= ${max}`);
      where.push(sql`(p.salary_max IS NULL OR p.salary_max >= ${min})`);
    }
    if (f.industry) where.push(sql`c.industry = ${f.industry}`);
    if (f.unitSize) where.push(sql`c.unit_size = ${f.unitSize}`);
    if (f.since) where.push(sql`p.published_at >= ${f.since.toISOString()}::timestamptz`);
    if (f.companyId) where.push(sql`p.company_id = ${f.companyId}`);
    if (f.excludeId) where.push(sql`p.id <> ${f.excludeId}`);
    const order =
      f.sort === 'salary'
        ? sql`coalesce(p.salary_max, p.salary_min) DESC, p.salary_min DESC, p.id DESC`
        : sql`p.published_at DESC, p.id DESC`;
    // A keyword matches the title or the company's name: both are in `search_text` (kept by triggers, in lower
    // case), and one trigram index over online posts holds it with the cities, so keyword and city are one bitmap
    // scan. The keyword is lowered once by the same lower() (migration 0022), so each candidate is a plain LIKE.
    if (f.keyword) where.push(sql`p.search_text LIKE lower(${containsPattern(f.keyword)})`);
    // Companies are joined for the page only when a company filter needs them.
    const companyJoin =
      f.industry || f.unitSize ? sql`JOIN recruiting_companies c ON c.user_id = p.company_id` : sql``;
    // The page of ids first (filters, count, sort, limit on bare columns), then the company card of those rows only:
    // select-list subqueries would otherwise run for every match before the sort.
    return rowsOf<PostRow>(
      db,
      sql`WITH pg AS (
            SELECT p.id, count(*) OVER ()::int AS total
              FROM recruiting_posts p ${companyJoin}
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY ${order}
             LIMIT ${f.limit} OFFSET ${f.offset})
          ${POST_SELECT(f.today)}, 0 AS application_count, pg.total
          FROM pg JOIN recruiting_posts p ON p.id = pg.id JOIN recruiting_companies c ON c.user_id = p.company_id
          ORDER BY ${order}`,
    );
  },

  /** Online posts whose position is one of `positions` or whose cities lie in one of `provinces`. */
  postsMatching(db: DbOrTx, today: string, provinces: string[], positions: string[], limit: number) {
    const any: SQL[] = [
      ...provinces.map((p) => cityMatch(sql`p.citys`, p)),
      ...positions.map((x) => sql`p.position = ${x}`),
    ];
    if (any.length === 0) return Promise.resolve([] as PostRow[]);
    return rowsOf<PostRow>(
      db,
      sql`${POST_SELECT(today)}, 0 AS application_count
          FROM recruiting_posts p JOIN recruiting_companies c ON c.user_id = p.company_id
          WHERE p.status = 'online' AND p.expires_on >= ${today}::date AND (${sql.join(any, sql` OR `)})
          ORDER BY p.published_at DESC, p.id DESC
          LIMIT ${limit}`,
    );
  },

  // ---- applications -------------------------------------------------------------------------------------------------

  async application(db: DbOrTx, id: number): Promise<ApplicationRow | null> {
    const [row] = await db.select().from(recruitingApplications).where(eq(recruitingApplications.id, id));
    return row ?? null;
  },

  async insertApplication(
    db: DbOrTx,
    values: typeof recruitingApplications.$inferInsert,
  ): Promise<ApplicationRow> {
    const [row] = await db.insert(recruitingApplications).values(values).returning();
    return row!;
  },

  async applicationsByIds(db: DbOrTx, ids: number[]): Promise<ApplicationRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(recruitingApplications).where(inArray(recruitingApplications.id, ids));
  },

  async updateApplication(
    db: DbOrTx,
    id: number,
    set: Partial<ApplicationRow>,
  ): Promise<ApplicationRow | null> {
    const [row] = await db
      .update(recruitingApplications)
      .set(set)
      .where(eq(recruitingApplications.id, id))
      .returning();
    return row ?? null;
  },

  async applicationOf(db: DbOrTx, postId: number, userId: number): Promise<ApplicationRow | null> {
    const [row] = await db
      .select()
      .from(recruitingApplications)
      .where(and(eq(recruitingApplications.postId, postId), eq(recruitingApplications.userId, userId)));
    return row ?? null;
  },

  /** Whether the person applied (not withdrawn) to one of the company's posts: the attachment-access rule. */
  async hasApplied(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
    const [r] = await rowsOf<{ ok: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM recruiting_applications
                          WHERE company_id = ${companyId} AND user_id = ${userId} AND status <> 'withdrawn') AS ok`,
    );
    return r?.ok === true;
  },

  sentApplications(db: DbOrTx, userId: number, status: string | null, limit: number, offset: number) {
    return rowsOf<
      ApplicationRow & {
        post_title: string;
        salary_min: number;
        salary_max: number | null;
        citys: string;
        company_name: string;
        total: number;
      }
    >(
      db,
      sql`SELECT a.id, a.post_id AS "postId", a.company_id AS "companyId", a.user_id AS "userId", a.status,
                 a.interview_at AS "interviewAt", a.interview_place AS "interviewPlace",
                 a.interview_accepted_at AS "interviewAcceptedAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
                 p.title AS post_title, p.salary_min, p.salary_max, p.citys, c.name AS company_name,
                 count(*) OVER ()::int AS total
            FROM recruiting_applications a
            JOIN recruiting_posts p ON p.id = a.post_id
            JOIN recruiting_companies c ON c.user_id = a.company_id
           WHERE a.user_id = ${userId} ${status === null ? sql`` : sql`AND a.status = ${status}`}
           ORDER BY a.updated_at DESC, a.id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  receivedApplications(
    db: DbOrTx,
    companyId: number,
    postId: number | null,
    status: string | null,
    today: string,
    limit: number,
    offset: number,
  ) {
    return rowsOf<
      ApplicationRow & {
        post_title: string;
        name: string | null;
        sex: number | null;
        star_id: number;
        highest_degree: number | null;
        work_days: number;
        total: number;
      }
    >(
      db,
      sql`SELECT a.id, a.post_id AS "postId", a.company_id AS "companyId", a.user_id AS "userId", a.status,
                 a.attachment_id AS "attachmentId", a.interview_at AS "interviewAt", a.interview_place AS "interviewPlace",
                 a.interview_accepted_at AS "interviewAcceptedAt", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
                 p.title AS post_title, coalesce(j.name, u.real_name, u.nickname) AS name, coalesce(j.sex, u.gender) AS sex,
                 coalesce(pa.star_id, 0)::int AS star_id,
                 (SELECT max(degree)::int FROM talent_edus e WHERE e.user_id = a.user_id) AS highest_degree,
                 (SELECT coalesce(sum(coalesce(w.end_date, ${today}::date) - w.start_date), 0)::int
                    FROM talent_jobs w WHERE w.user_id = a.user_id) AS work_days,
                 count(*) OVER ()::int AS total
            FROM recruiting_applications a
            JOIN recruiting_posts p ON p.id = a.post_id
            JOIN users u ON u.id = a.user_id
            LEFT JOIN talent_apply_jobs j ON j.user_id = a.user_id
            LEFT JOIN users_personal_achieve pa ON pa.user_id = a.user_id
           WHERE a.company_id = ${companyId}
             ${postId === null ? sql`` : sql`AND a.post_id = ${postId}`}
             ${status === null ? sql`` : sql`AND a.status = ${status}`}
           ORDER BY a.created_at DESC, a.id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  // ---- talents --------------------------------------------------------------------------------------------------------

  /**
   * A page of public portraits (show_personal_info) with the query's filters, ordered by star, freshness, id, read one
   * of two ways (`f.walk`):
   * - gathered (the default): the GIN index over match_keys names every match, which are then sorted. Its cost follows
   *   the number of matches, so it suits filters that match few portraits, and lists of given people.
   * - walked: the order index carries each portrait's match_keys (migration 0023), so PostgreSQL reads it in order and
   *   tests the keys from the index until the page is full: 0.2 ms for a page of 2,738 matches among 200,000, where
   *   gathering took 11 ms. But for keys that match nobody it reads the whole index (76 ms at 200,000), so the
   *   service walks only when it knows from talentCount that the filter matches many.
   */
  talents(db: DbOrTx, f: TalentFilters & { walk?: boolean }) {
    const where = talentWhere(f);
    const order = sql`ORDER BY star_level DESC NULLS LAST, updated_at DESC NULLS LAST, user_id ASC`;
    // MATERIALIZED keeps the gathering: without it the planner may cost the LIMIT as an early stop and walk.
    const page = f.walk
      ? sql`SELECT j.user_id FROM talent_apply_jobs j WHERE ${where} ${order} LIMIT ${f.limit} OFFSET ${f.offset}`
      : sql`WITH m AS MATERIALIZED (SELECT j.user_id, j.star_level, j.updated_at FROM talent_apply_jobs j WHERE ${where})
            SELECT user_id FROM m ${order} LIMIT ${f.limit} OFFSET ${f.offset}`;
    return rowsOf<TalentRow>(
      db,
      sql`WITH pg AS (${page})
          SELECT j.user_id, j.name, j.sex, j.citys, j.positions, j.salary, j.updated_at,
                 j.star_level::int AS star_id, coalesce(pa.total_learn_time, 0)::int AS learn_seconds,
                 (SELECT max(degree)::int FROM talent_edus e WHERE e.user_id = j.user_id) AS highest_degree,
                 (SELECT coalesce(sum(coalesce(w.end_date, ${f.today}::date) - w.start_date), 0)::int
                    FROM talent_jobs w WHERE w.user_id = j.user_id) AS work_days,
                 (SELECT json_agg(cr.name ORDER BY cr.issued_on DESC, cr.id) FROM talent_credentials cr
                   WHERE cr.user_id = j.user_id) AS credentials,
                 EXISTS (SELECT 1 FROM recruiting_pool rp WHERE rp.company_id = ${f.companyId} AND rp.user_id = j.user_id) AS in_pool
            FROM pg
            JOIN talent_apply_jobs j ON j.user_id = pg.user_id
            LEFT JOIN users_personal_achieve pa ON pa.user_id = j.user_id
           ORDER BY j.star_level DESC NULLS LAST, j.updated_at DESC NULLS LAST, j.user_id ASC`,
    );
  },

  /** How many public portraits match the filters (the GIN index over match_keys, then the rows it names). */
  async talentCount(db: DbOrTx, f: Omit<TalentFilters, 'limit' | 'offset' | 'companyId'>): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM talent_apply_jobs j WHERE ${talentWhere(f)}`,
    );
    return row?.n ?? 0;
  },

  async isPublic(db: DbOrTx, userId: number): Promise<boolean> {
    const [r] = await rowsOf<{ ok: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM talent_apply_jobs j JOIN users u ON u.id = j.user_id
                          WHERE j.user_id = ${userId} AND j.show_personal_info AND u.role = 'personal') AS ok`,
    );
    return r?.ok === true;
  },

  async intentionOf(db: DbOrTx, userId: number) {
    const [r] = await rowsOf<{
      name: string;
      sex: number;
      citys: string;
      positions: string;
      salary: number;
      show_personal_info: boolean;
    }>(
      db,
      sql`SELECT name, sex, citys, positions, salary, show_personal_info FROM talent_apply_jobs WHERE user_id = ${userId}`,
    );
    return r ?? null;
  },

  async attachmentOf(db: DbOrTx, id: number) {
    const [r] = await rowsOf<{ id: number; user_id: number; mime: string; original_name: string }>(
      db,
      sql`SELECT id, user_id, mime, original_name FROM talent_attachments WHERE id = ${id}`,
    );
    return r ?? null;
  },

  async personOf(db: DbOrTx, userId: number) {
    const [r] = await rowsOf<{
      id: number;
      role: string;
      member_end_at: Date | string | null;
      nickname: string | null;
      company_name: string | null;
      credit_code: string | null;
    }>(
      db,
      sql`SELECT id, role, member_end_at, nickname, company_name, credit_code FROM users WHERE id = ${userId}`,
    );
    return r ?? null;
  },

  // ---- pool and views -------------------------------------------------------------------------------------------------

  async poolEntry(db: DbOrTx, id: number): Promise<PoolRow | null> {
    const [row] = await db.select().from(recruitingPool).where(eq(recruitingPool.id, id));
    return row ?? null;
  },

  async poolEntryOf(db: DbOrTx, companyId: number, userId: number): Promise<PoolRow | null> {
    const [row] = await db
      .select()
      .from(recruitingPool)
      .where(and(eq(recruitingPool.companyId, companyId), eq(recruitingPool.userId, userId)));
    return row ?? null;
  },

  async insertPool(db: DbOrTx, values: typeof recruitingPool.$inferInsert): Promise<PoolRow> {
    const [row] = await db.insert(recruitingPool).values(values).returning();
    return row!;
  },

  async updatePool(db: DbOrTx, id: number, set: Partial<PoolRow>): Promise<PoolRow | null> {
    const [row] = await db.update(recruitingPool).set(set).where(eq(recruitingPool.id, id)).returning();
    return row ?? null;
  },

  async deletePool(db: DbOrTx, id: number): Promise<void> {
    await db.delete(recruitingPool).where(eq(recruitingPool.id, id));
  },

  poolList(db: DbOrTx, companyId: number, tag: string | null, limit: number, offset: number) {
    return rowsOf<PoolRow & { total: number }>(
      db,
      sql`SELECT id, company_id AS "companyId", user_id AS "userId", tags, note, source, created_at AS "createdAt",
                 updated_at AS "updatedAt", count(*) OVER ()::int AS total
            FROM recruiting_pool
           WHERE company_id = ${companyId} ${tag ? sql`AND tags @> ${JSON.stringify([tag])}::jsonb` : sql``}
           ORDER BY created_at DESC, id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async recordView(
    db: DbOrTx,
    companyId: number,
    userId: number,
    month: string,
    now: Date,
    fromApplication: boolean,
  ) {
    await db
      .insert(recruitingPortraitViews)
      .values({ companyId, userId, month, viewedAt: now, fromApplication })
      .onConflictDoNothing();
  },

  async viewsInMonth(db: DbOrTx, userId: number, month: string): Promise<number> {
    const [r] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM recruiting_portrait_views WHERE user_id = ${userId} AND month = ${month}`,
    );
    return r?.n ?? 0;
  },
};
