import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  memberPriceOf,
  type CourseCard,
  type CoursePriceType,
  type CourseSort,
  type DescriptionBlock,
} from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { containsPattern, preparedRows, rowsOf } from '../../db/sql';
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
  type QuestionOption,
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
const CARD_COLUMNS = `c.id, c.title, c.cover, c.summary, t.name AS teacher_name, t.title AS teacher_title,
  (SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY tg.sort, tg.id)
     FROM courses_course_tags ct JOIN courses_tags tg ON tg.id = ct.tag_id WHERE ct.course_id = c.id) AS tags,
  c.kind, c.price_type, c.price, c.member_price, c.lesson_count, c.total_duration, c.learner_count, c.like_count,
  c.favorite_count, c.hot_score, c.published_at`;
export const cardColumns = sql.raw(CARD_COLUMNS);

/**
 * The card of the course whose id is the SQL expression `courseId`, as one JSON value (null when the course is gone),
 * for a statement that lists courses with what another area keeps of them; read it back with `toCard`.
 */
export function courseCardJson(courseId: string): string {
  return `(SELECT row_to_json(cd) FROM (SELECT ${CARD_COLUMNS} FROM courses c
            JOIN courses_teachers t ON t.id = c.teacher_id WHERE c.id = ${courseId}) cd)`;
}

/** A card read by `courseCardJson` (its dates arrive as ISO text); `toCard` reads it back. */
export type CourseCardJson = CardRow;

/**
 * A user's ($1) favourite published courses, newest favourite first: a page ($2 limit, $3 offset) of cards with
 * when each was favourited, and their number, in ONE statement.
 */
const FAVORITE_PAGE = `WITH mine AS (
    SELECT f.course_id, f.created_at FROM courses_favorites f JOIN courses c ON c.id = f.course_id
     WHERE f.user_id = $1 AND c.published)
  SELECT (SELECT count(*) FROM mine)::int AS total,
         (SELECT json_agg(json_build_object('card', ${courseCardJson('p.course_id')}, 'favorited_at', p.created_at)
                          ORDER BY p.created_at DESC, p.course_id DESC)
            FROM (SELECT * FROM mine ORDER BY created_at DESC, course_id DESC LIMIT $2 OFFSET $3) p) AS list`;

/**
 * A course page in ONE statement ($1 the course, $2 the viewer or null): the card, description, link and teacher,
 * the lessons with their question counts, and what the page needs of its viewer (like, favourite, membership end,
 * grant; all false or null for a visitor). Course pages are the catalogue's hottest read, and each statement costs
 * a round trip and a parse on both sides: as four queries (course, lessons, viewer facts and the learning area's
 * progress) a page cost several times a primary-key lookup at national scale.
 */
const COURSE_PAGE = `SELECT ${CARD_COLUMNS}, c.description, c.outer_url, t.id AS teacher_id, t.photo AS teacher_photo,
       t.intro AS teacher_intro,
       (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'sort', l.sort, 'duration', l.duration,
                                          'is_trial', l.is_trial,
                                          'question_count', (SELECT count(*) FROM courses_lesson_questions q
                                                              WHERE q.lesson_id = l.id))
                        ORDER BY l.sort, l.id)
          FROM courses_lessons l WHERE l.course_id = c.id) AS lessons,
       EXISTS (SELECT 1 FROM courses_likes k WHERE k.user_id = $2 AND k.course_id = c.id) AS liked,
       EXISTS (SELECT 1 FROM courses_favorites f WHERE f.user_id = $2 AND f.course_id = c.id) AS favorited,
       (SELECT u.member_end_at FROM users u WHERE u.id = $2) AS member_end_at,
       EXISTS (SELECT 1 FROM courses_grants g WHERE g.user_id = $2 AND g.course_id = c.id) AS granted
  FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
 WHERE c.id = $1 AND c.published`;

/**
 * What opening a lesson needs of the catalogue, in ONE statement ($1 the lesson, $2 the viewer): the lesson and its
 * published course, the questions without their answers, the neighbouring lessons, and the viewer's access facts.
 */
const LESSON_PAGE = `SELECT l.id, l.course_id, l.sort, l.title, l.duration, l.is_trial, l.video_file,
       c.title AS course_title, c.kind AS course_kind, c.price_type,
       c.presence_min_minutes, c.presence_max_minutes, c.max_playback_rate,
       (SELECT json_agg(json_build_object('id', q.id, 'kind', q.kind, 'stem', q.stem, 'options', q.options)
                        ORDER BY q.sort, q.id)
          FROM courses_lesson_questions q WHERE q.lesson_id = l.id) AS questions,
       (SELECT p.id FROM courses_lessons p WHERE p.course_id = l.course_id AND p.sort < l.sort
         ORDER BY p.sort DESC LIMIT 1) AS prev_lesson_id,
       (SELECT n.id FROM courses_lessons n WHERE n.course_id = l.course_id AND n.sort > l.sort
         ORDER BY n.sort ASC LIMIT 1) AS next_lesson_id,
       (SELECT u.member_end_at FROM users u WHERE u.id = $2) AS member_end_at,
       EXISTS (SELECT 1 FROM courses_grants g WHERE g.user_id = $2 AND g.course_id = l.course_id) AS granted
  FROM courses_lessons l JOIN courses c ON c.id = l.course_id
 WHERE l.id = $1 AND c.published`;

interface LessonPageRow {
  id: number;
  course_id: number;
  sort: number;
  title: string;
  duration: number;
  is_trial: boolean;
  video_file: string | null;
  course_title: string;
  course_kind: 'video' | 'outer_link';
  price_type: CoursePriceType;
  presence_min_minutes: number | null;
  presence_max_minutes: number | null;
  max_playback_rate: number | null;
  questions: { id: number; kind: 'single' | 'multiple'; stem: string; options: QuestionOption[] }[] | null;
  prev_lesson_id: number | null;
  next_lesson_id: number | null;
  member_end_at: Date | string | null;
  granted: boolean;
}

interface CoursePageRow extends CardRow {
  description: DescriptionBlock[];
  outer_url: string | null;
  teacher_id: number;
  teacher_photo: string;
  teacher_intro: string;
  lessons:
    | {
        id: number;
        title: string;
        sort: number;
        duration: number;
        is_trial: boolean;
        question_count: number;
      }[]
    | null;
  liked: boolean;
  favorited: boolean;
  member_end_at: Date | string | null;
  granted: boolean;
}

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
  const coursePage = preparedRows<CoursePageRow, [number, number | null]>(db, 'courses_page', COURSE_PAGE);
  const lessonPage = preparedRows<LessonPageRow, [number, number]>(db, 'courses_lesson_page', LESSON_PAGE);
  const favoritePage = preparedRows<
    { total: number; list: { card: CardRow; favorited_at: string }[] | null },
    [number, number, number]
  >(db, 'courses_favorite_page', FAVORITE_PAGE);
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

    /**
     * A published course's page (COURSE_PAGE): the card with what the page adds, its lessons, and the facts of
     * `viewerId` (null for a visitor).
     */
    async coursePage(id: number, viewerId: number | null) {
      const [row] = await coursePage(id, viewerId);
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
        lessons: (row.lessons ?? []).map((l) => ({
          id: l.id,
          title: l.title,
          sort: l.sort,
          duration: l.duration,
          isTrial: l.is_trial,
          questionCount: l.question_count,
        })),
        viewer: {
          liked: row.liked,
          favorited: row.favorited,
          memberEndAt: row.member_end_at === null ? null : new Date(row.member_end_at),
          granted: row.granted,
        },
      };
    },

    /** A lesson of a published course as its player opens it for `userId` (LESSON_PAGE). */
    async lessonPage(lessonId: number, userId: number) {
      const [row] = await lessonPage(lessonId, userId);
      if (!row) return undefined;
      return {
        lesson: {
          id: row.id,
          sort: row.sort,
          title: row.title,
          duration: row.duration,
          isTrial: row.is_trial,
          videoFile: row.video_file,
        },
        course: {
          id: row.course_id,
          title: row.course_title,
          kind: row.course_kind,
          priceType: row.price_type,
          presenceMinMinutes: row.presence_min_minutes,
          presenceMaxMinutes: row.presence_max_minutes,
          maxPlaybackRate: row.max_playback_rate,
        },
        questions: row.questions ?? [],
        prevLessonId: row.prev_lesson_id,
        nextLessonId: row.next_lesson_id,
        facts: {
          memberEndAt: row.member_end_at === null ? null : new Date(row.member_end_at),
          granted: row.granted,
        },
      };
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
            presenceMinMinutes: courses.presenceMinMinutes,
            presenceMaxMinutes: courses.presenceMaxMinutes,
            maxPlaybackRate: courses.maxPlaybackRate,
          },
        })
        .from(coursesLessons)
        .innerJoin(courses, eq(courses.id, coursesLessons.courseId))
        .where(and(eq(coursesLessons.id, id), eq(courses.published, true)));
      return row;
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

    /** A page of a user's favourite courses and their number (FAVORITE_PAGE, one prepared statement). */
    async favoritePage(userId: number, limit: number, offset: number) {
      const [row] = await favoritePage(userId, limit, offset);
      const list = (row?.list ?? []).map((r) => ({ ...toCard(r.card), favorited_at: iso(r.favorited_at) }));
      return { list, total: row?.total ?? 0 };
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
