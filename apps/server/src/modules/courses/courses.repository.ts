import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  memberPriceOf,
  type CourseCard,
  type CoursePriceType,
  type CourseSort,
  type DescriptionBlock,
} from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { containsPattern, rowsOf } from '../../db/sql';
import { users } from '../users';
import {
  courses,
  coursesFavorites,
  coursesGrants,
  coursesLessonQuestions,
  coursesLessons,
  coursesLikes,
  coursesMediaKeys,
  coursesTeachers,
} from './courses.table';

interface CardRow {
  id: number;
  title: string;
  cover: string;
  summary: string;
  teacher_name: string;
  teacher_title: string;
  tags: { id: number; name: string }[] | null;
  kind: 'video' | 'outer_link';
  price_type: CoursePriceType;
  price: number;
  member_price: number | null;
  lesson_count: number;
  total_duration: number;
  learner_count: number;
  like_count: number;
  favorite_count: number;
  hot_score: number;
  published_at: Date | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toCard(r: CardRow): CourseCard {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    summary: r.summary,
    teacher_name: r.teacher_name,
    teacher_title: r.teacher_title,
    tags: r.tags ?? [],
    kind: r.kind,
    price_type: r.price_type,
    price: r.price,
    member_price: r.price_type === 'paid' ? (r.member_price ?? memberPriceOf(r.price)) : 0,
    lesson_count: r.lesson_count,
    total_duration: r.total_duration,
    learner_count: r.learner_count,
    like_count: r.like_count,
    favorite_count: r.favorite_count,
    hot_score: r.hot_score,
    published_at: iso(r.published_at),
  };
}

/** The columns of a course card, for raw queries over `courses c JOIN courses_teachers t`. */
export const cardColumns =
  sql.raw(`c.id, c.title, c.cover, c.summary, t.name AS teacher_name, t.title AS teacher_title,
  (SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY tg.sort, tg.id)
     FROM courses_course_tags ct JOIN courses_tags tg ON tg.id = ct.tag_id WHERE ct.course_id = c.id) AS tags,
  c.kind, c.price_type, c.price, c.member_price, c.lesson_count, c.total_duration, c.learner_count, c.like_count,
  c.favorite_count, c.hot_score, c.published_at`);

export interface CourseFilter {
  tag?: number;
  keyword?: string;
  priceType?: CoursePriceType;
  sort: CourseSort;
  limit: number;
  offset: number;
}

/** A course's place in a list order: the sort column's exact value (as text) and the id. */
export interface CourseKey {
  value: string;
  id: number;
}
interface KeyRow {
  k_value: string;
  k_id: number;
}
const keyOf = (r: KeyRow): CourseKey => ({ value: r.k_value, id: r.k_id });
/**
 * The sort key as text: a timestamp in UTC with its microseconds (a JS Date would round them to milliseconds, and
 * the cursor would then skip or repeat courses published within the same millisecond).
 */
const keyColumns = (sort: CourseSort) =>
  sort === 'hotest'
    ? sql`c.hot_score::text AS k_value, c.id AS k_id`
    : sql.raw(
        `to_char(c.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS k_value, c.id AS k_id`,
      );
/**
 * The list order, spelled as the indexes courses_newest_idx / courses_hotest_idx are built (`DESC NULLS LAST`;
 * the columns are never null) so PostgreSQL reads the index in order, forwards or backwards, instead of sorting.
 */
const orderOf = (sort: CourseSort, dir: 'asc' | 'desc') => {
  const col = sort === 'hotest' ? sql`c.hot_score` : sql`c.published_at`;
  return dir === 'desc'
    ? sql`${col} DESC NULLS LAST, c.id DESC NULLS LAST`
    : sql`${col} ASC NULLS FIRST, c.id ASC NULLS FIRST`;
};

function filterWhere(f: Pick<CourseFilter, 'tag' | 'keyword' | 'priceType'>): SQL {
  const conds: SQL[] = [sql`c.published`];
  if (f.tag !== undefined) {
    // Driven from the tag: its courses (courses_course_tags_tag_idx) as one id array, computed once, then fetched by
    // primary key. Written as EXISTS or IN, PostgreSQL walked every published course in list order and probed its
    // tags (98,000 probes per request at national scale, to count the filter).
    conds.push(sql`c.id = ANY (ARRAY(SELECT ct.course_id FROM courses_course_tags ct
                                      WHERE ct.tag_id IN (SELECT tg.id FROM courses_tags tg
                                                           WHERE tg.id = ${f.tag} OR tg.parent_id = ${f.tag})))`);
  }
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    conds.push(sql`(c.title ILIKE ${p} OR c.summary ILIKE ${p})`);
  }
  if (f.priceType) conds.push(sql`c.price_type = ${f.priceType}`);
  return sql.join(conds, sql` AND `);
}

export function createCoursesRepository(db: DbOrTx) {
  return {
    /** Tags with published-course counts (a parent counts courses tagged with it or any child, once each). */
    async tagTree() {
      return rowsOf<{ id: number; parent_id: number | null; name: string; course_count: number }>(
        db,
        sql`SELECT tg.id, tg.parent_id, tg.name,
              (SELECT count(DISTINCT ct.course_id)::int FROM courses_course_tags ct
                 JOIN courses_tags x ON x.id = ct.tag_id JOIN courses c ON c.id = ct.course_id
                WHERE c.published AND (x.id = tg.id OR x.parent_id = tg.id)) AS course_count
            FROM courses_tags tg ORDER BY tg.sort, tg.id`,
      );
    },

    /**
     * One page of published courses by number (OFFSET). Keyword: `ILIKE '%term%'` on title or summary, served by
     * the trigram GIN indexes for terms of 3+ characters; shorter terms scan the (small) table.
     */
    async page(f: CourseFilter): Promise<{ list: CourseCard[]; total: number; keys: CourseKey[] }> {
      const where = filterWhere(f);
      const rows = await rowsOf<CardRow & KeyRow & { total: number }>(
        db,
        sql`SELECT ${cardColumns}, ${keyColumns(f.sort)}, count(*) OVER ()::int AS total
              FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE ${where} ORDER BY ${orderOf(f.sort, 'desc')} LIMIT ${f.limit} OFFSET ${f.offset}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && f.offset > 0) total = await this.count(f);
      return { list: rows.map(toCard), total, keys: rows.map(keyOf) };
    },

    /**
     * The `limit` published courses right after (`next`) or right before (`prev`) the course with key `from`
     * in the list's order: an index range (courses_newest_idx / courses_hotest_idx), however deep the page.
     */
    async pageFrom(
      f: Omit<CourseFilter, 'offset'>,
      dir: 'next' | 'prev',
      from: CourseKey,
    ): Promise<{ list: CourseCard[]; keys: CourseKey[] }> {
      const col = f.sort === 'hotest' ? sql`c.hot_score` : sql`c.published_at`;
      const value = f.sort === 'hotest' ? sql`${Number(from.value)}::int` : sql`${from.value}::timestamptz`;
      const cmp = dir === 'next' ? sql`<` : sql`>`;
      const rows = await rowsOf<CardRow & KeyRow>(
        db,
        sql`SELECT ${cardColumns}, ${keyColumns(f.sort)}
              FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE ${filterWhere(f)} AND (${col}, c.id) ${cmp} (${value}, ${from.id}::int)
             ORDER BY ${orderOf(f.sort, dir === 'next' ? 'desc' : 'asc')} LIMIT ${f.limit}`,
      );
      if (dir === 'prev') rows.reverse();
      return { list: rows.map(toCard), keys: rows.map(keyOf) };
    },

    /** Published courses matching the filter. */
    async count(f: Omit<CourseFilter, 'offset' | 'limit' | 'sort'>): Promise<number> {
      const [c] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM courses c WHERE ${filterWhere(f)}`,
      );
      return c?.n ?? 0;
    },

    async cardsByIds(ids: number[]): Promise<Map<number, CourseCard>> {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf<CardRow>(
        db,
        sql`SELECT ${cardColumns} FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE c.id IN (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
      return new Map(rows.map((r) => [r.id, toCard(r)]));
    },

    async publishedCourse(id: number) {
      const [row] = await db
        .select({ course: courses, teacher: coursesTeachers })
        .from(courses)
        .innerJoin(coursesTeachers, eq(coursesTeachers.id, courses.teacherId))
        .where(and(eq(courses.id, id), eq(courses.published, true)));
      return row;
    },

    async card(id: number): Promise<CourseCard | undefined> {
      return (await this.cardsByIds([id])).get(id);
    },

    /** A published course's card with what its page adds (description, link, teacher's intro), in one query. */
    async detailOf(id: number) {
      const [row] = await rowsOf<
        CardRow & {
          description: DescriptionBlock[];
          outer_url: string | null;
          teacher_id: number;
          teacher_photo: string;
          teacher_intro: string;
        }
      >(
        db,
        sql`SELECT ${cardColumns}, c.description, c.outer_url, t.id AS teacher_id, t.photo AS teacher_photo,
                   t.intro AS teacher_intro
              FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE c.id = ${id} AND c.published`,
      );
      if (!row) return undefined;
      return {
        card: toCard(row),
        description: row.description,
        outerUrl: row.outer_url,
        teacher: {
          id: row.teacher_id,
          name: row.teacher_name,
          title: row.teacher_title,
          photo: row.teacher_photo,
          intro: row.teacher_intro,
        },
      };
    },

    async lessonsWithQuestionCounts(courseId: number) {
      return db
        .select({
          id: coursesLessons.id,
          title: coursesLessons.title,
          sort: coursesLessons.sort,
          duration: coursesLessons.duration,
          isTrial: coursesLessons.isTrial,
          questionCount: sql<number>`(SELECT count(*)::int FROM courses_lesson_questions q WHERE q.lesson_id = ${coursesLessons.id})`,
        })
        .from(coursesLessons)
        .where(eq(coursesLessons.courseId, courseId))
        .orderBy(asc(coursesLessons.sort));
    },

    /** A lesson of a published course, with what access and crediting need. */
    async lesson(id: number) {
      const [row] = await db
        .select({
          lesson: coursesLessons,
          course: {
            id: courses.id,
            title: courses.title,
            kind: courses.kind,
            priceType: courses.priceType,
            lessonCount: courses.lessonCount,
          },
        })
        .from(coursesLessons)
        .innerJoin(courses, eq(courses.id, coursesLessons.courseId))
        .where(and(eq(coursesLessons.id, id), eq(courses.published, true)));
      return row;
    },

    async neighbourLessons(courseId: number, sort: number) {
      const [row] = await rowsOf<{ prev: number | null; next: number | null }>(
        db,
        sql`SELECT (SELECT id FROM courses_lessons WHERE course_id = ${courseId} AND sort < ${sort} ORDER BY sort DESC LIMIT 1) AS prev,
                   (SELECT id FROM courses_lessons WHERE course_id = ${courseId} AND sort > ${sort} ORDER BY sort ASC LIMIT 1) AS next`,
      );
      return { prev: row?.prev ?? null, next: row?.next ?? null };
    },

    async questionsOfLesson(lessonId: number) {
      return db
        .select()
        .from(coursesLessonQuestions)
        .where(eq(coursesLessonQuestions.lessonId, lessonId))
        .orderBy(asc(coursesLessonQuestions.sort));
    },

    async question(id: number) {
      const [row] = await db.select().from(coursesLessonQuestions).where(eq(coursesLessonQuestions.id, id));
      return row;
    },

    /** Membership end and grants decide access; read together so one query answers both. */
    async accessFacts(userId: number, courseId: number) {
      const [row] = await rowsOf<{ member_end_at: Date | string | null; granted: boolean }>(
        db,
        sql`SELECT u.member_end_at,
                   EXISTS (SELECT 1 FROM courses_grants g WHERE g.user_id = ${userId} AND g.course_id = ${courseId}) AS granted
              FROM users u WHERE u.id = ${userId}`,
      );
      if (!row) return { memberEndAt: null, granted: false };
      return {
        memberEndAt: row.member_end_at === null ? null : new Date(row.member_end_at),
        granted: row.granted,
      };
    },

    /** What the course page needs of its viewer, in one query: like, favourite, membership end, grant. */
    async viewerFacts(userId: number, courseId: number) {
      const [row] = await rowsOf<{
        liked: boolean;
        favorited: boolean;
        member_end_at: Date | string | null;
        granted: boolean;
      }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM courses_likes WHERE user_id = ${userId} AND course_id = ${courseId}) AS liked,
                   EXISTS (SELECT 1 FROM courses_favorites WHERE user_id = ${userId} AND course_id = ${courseId}) AS favorited,
                   (SELECT u.member_end_at FROM users u WHERE u.id = ${userId}) AS member_end_at,
                   EXISTS (SELECT 1 FROM courses_grants g WHERE g.user_id = ${userId} AND g.course_id = ${courseId}) AS granted`,
      );
      return {
        liked: row?.liked ?? false,
        favorited: row?.favorited ?? false,
        memberEndAt: row?.member_end_at == null ? null : new Date(row.member_end_at),
        granted: row?.granted ?? false,
      };
    },

    /**
     * Sets or toggles a like (table courses_likes) or favourite (courses_favorites) in ONE statement: the row's
     * primary key decides, and the counter moves by the rows actually inserted or deleted, so concurrent calls
     * never count a user twice. `value` undefined toggles.
     */
    /**
     * Records a visit of an outer-link course in ONE statement. A logged-in user's first visit (the partial unique
     * index admits one first_visit row per user and course, so concurrent first visits count once) adds a learner;
     * anonymous visits and repeat visits are only recorded. Returns the learner count after the visit.
     */
    async recordOuterVisit(courseId: number, userId: number | null, now: Date): Promise<number> {
      const [row] = await rowsOf<{ learner_count: number }>(
        db,
        userId === null
          ? sql`WITH v AS (INSERT INTO courses_outer_visits (course_id, user_id, first_visit, visited_at)
                            VALUES (${courseId}, NULL, false, ${now.toISOString()}::timestamptz) RETURNING 1)
                SELECT learner_count FROM courses WHERE id = ${courseId}`
          : sql`WITH first AS (
                  INSERT INTO courses_outer_visits (course_id, user_id, first_visit, visited_at)
                  VALUES (${courseId}, ${userId}, true, ${now.toISOString()}::timestamptz)
                  ON CONFLICT (course_id, user_id) WHERE first_visit DO NOTHING RETURNING 1),
                again AS (
                  INSERT INTO courses_outer_visits (course_id, user_id, first_visit, visited_at)
                  SELECT ${courseId}, ${userId}, false, ${now.toISOString()}::timestamptz WHERE NOT EXISTS (SELECT 1 FROM first)
                  RETURNING 1),
                bump AS (
                  UPDATE courses SET learner_count = learner_count + 1
                   WHERE id = ${courseId} AND EXISTS (SELECT 1 FROM first) RETURNING learner_count)
                SELECT COALESCE((SELECT learner_count FROM bump), (SELECT learner_count FROM courses WHERE id = ${courseId})) AS learner_count,
                       (SELECT count(*) FROM again)::int AS repeat`,
      );
      return row?.learner_count ?? 0;
    },

    async setMark(
      kind: 'like' | 'favorite',
      userId: number,
      courseId: number,
      value: boolean | undefined,
      now: Date,
    ) {
      const table = sql.raw(kind === 'like' ? 'courses_likes' : 'courses_favorites');
      const counter = sql.raw(kind === 'like' ? 'like_count' : 'favorite_count');
      const at = now.toISOString();
      const del =
        value === true
          ? sql`SELECT 1 WHERE false`
          : sql`DELETE FROM ${table} WHERE user_id = ${userId} AND course_id = ${courseId} RETURNING 1`;
      const insertGuard =
        value === undefined ? sql`WHERE NOT EXISTS (SELECT 1 FROM del)` : value ? sql`` : sql`WHERE false`;
      const [row] = await rowsOf<{ count: number; inserted: number; deleted: number }>(
        db,
        sql`WITH del AS (${del}),
                 ins AS (INSERT INTO ${table} (user_id, course_id, created_at)
                         SELECT ${userId}, ${courseId}, ${at}::timestamptz ${insertGuard}
                         ON CONFLICT DO NOTHING RETURNING 1)
            UPDATE courses SET ${counter} = ${counter} + (SELECT count(*) FROM ins)::int - (SELECT count(*) FROM del)::int
             WHERE id = ${courseId}
            RETURNING ${counter} AS count, (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM del)::int AS deleted`,
      );
      return row;
    },

    /** Whether the mark exists now (after a concurrent no-op insert the statement itself cannot tell). */
    async hasMark(kind: 'like' | 'favorite', userId: number, courseId: number): Promise<boolean> {
      const table = kind === 'like' ? coursesLikes : coursesFavorites;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.courseId, courseId)));
      return row !== undefined;
    },

    async favoritePage(userId: number, limit: number, offset: number) {
      const rows = await rowsOf<CardRow & { favorited_at: Date | string; total: number }>(
        db,
        sql`SELECT ${cardColumns}, f.created_at AS favorited_at, count(*) OVER ()::int AS total
              FROM courses_favorites f JOIN courses c ON c.id = f.course_id JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE f.user_id = ${userId} AND c.published
             ORDER BY f.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && offset > 0) {
        const [c] = await rowsOf<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM courses_favorites f JOIN courses c ON c.id = f.course_id
               WHERE f.user_id = ${userId} AND c.published`,
        );
        total = c?.n ?? 0;
      }
      return { list: rows.map((r) => ({ ...toCard(r), favorited_at: iso(r.favorited_at) })), total };
    },

    /** Lets a user watch a paid course (called by the orders flow when a course order is paid, or by staff). */
    async grantCourse(v: {
      userId: number;
      courseId: number;
      source: 'order' | 'staff' | 'seed';
      reference?: string;
      now: Date;
    }) {
      await db
        .insert(coursesGrants)
        .values({
          userId: v.userId,
          courseId: v.courseId,
          source: v.source,
          reference: v.reference ?? null,
          createdAt: v.now,
        })
        .onConflictDoNothing();
    },

    /** The shared secret of signed video URLs; the first process to ask creates it, every process reads the same. */
    async mediaKey(): Promise<string> {
      await db
        .insert(coursesMediaKeys)
        .values({ name: 'video-url', secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(coursesMediaKeys).where(eq(coursesMediaKeys.name, 'video-url'));
      return row!.secret;
    },

    async userNames(ids: number[]) {
      if (ids.length === 0)
        return new Map<number, { nickname: string | null; phone: string; avatar: string | null }>();
      const rows = await db
        .select({ id: users.id, nickname: users.nickname, phone: users.phone, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
