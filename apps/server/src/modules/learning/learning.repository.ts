import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardFromJson, courseCardJson, coursesLessons, type CourseCardJson } from '../courses';
import { preparedRows } from '../../db/sql';
import { accountChanges } from '../users';
import { learningAnswers, learningCourseProgress, learningLessonProgress } from './learning.table';
import { pgArray } from '../../db/pg-array';
import { AHEAD_TOLERANCE_S, PRESENCE_ANSWER_S, SEEK_SLACK_S } from '@app/contracts';

const at = (d: Date) => d.toISOString();
const toDate = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

export interface ReportInput {
  userId: number;
  lessonId: number;
  now: Date;
  playedSeconds: number;
  position: number;
  state: string;
  /** Lesson duration, seconds. */
  duration: number;
  /** LESSON_FINISH_RATIO. */
  finishRatio: number;
  /** The course's fastest credited playback rate (MAX_PLAYBACK_RATE unless the course sets its own). */
  maxRate: number;
}

/** A lesson's presence check as stored: due time and nonce (null for rows opened before presence checks). */
export interface PresenceRow {
  dueAt: Date | null;
  nonce: string | null;
}

export interface ReportOutcome {
  courseId: number;
  creditedTotal: number;
  /** Whole seconds to add to the aggregates. */
  credit: number;
  finished: boolean;
  justFinished: boolean;
  /** This report finished the course (all its lessons finished). */
  courseFinished: boolean;
  presence: PresenceRow;
}

export interface DailyIncrement {
  userId: number;
  day: string;
  seconds: number;
}
export interface AchieveIncrement {
  userId: number;
  seconds: number;
  finishedCourses: number;
}
/** A ranking period's rows in learning_period_seconds. */
export interface RankPeriodKey {
  kind: 'week' | 'month' | 'all';
  key: string;
}

/**
 * The ranking periods a China-time day `d.day` counts in, as (kind, key): its week (the Monday), its month and all
 * time. The migration's backfill spells the same expressions; periodKey in learning.service gives the same keys.
 */
const PERIODS_OF_DAY =
  sql.raw(`(VALUES ('week', to_char((d.day - (extract(isodow FROM d.day)::int - 1))::timestamp, 'YYYY-MM-DD')),
                     ('month', to_char(d.day::timestamp, 'YYYY-MM')), ('all', 'all'))`);

/**
 * See openLesson: $1 the user, $2 the course, $3 the lesson, $4 the time, $5 the next presence check's due time,
 * $6 its nonce.
 */
const OPEN_LESSON = `WITH cp AS (
    INSERT INTO learning_course_progress (user_id, course_id, started_at, last_learned_at, last_lesson_id)
    VALUES ($1, $2, $4::timestamptz, $4::timestamptz, $3)
    ON CONFLICT (user_id, course_id) DO UPDATE
      SET last_lesson_id = EXCLUDED.last_lesson_id,
          last_learned_at = GREATEST(learning_course_progress.last_learned_at, EXCLUDED.last_learned_at)
    RETURNING (xmax = 0) AS inserted),
  bump AS (
    UPDATE courses SET learner_count = learner_count + 1
     WHERE id = $2 AND EXISTS (SELECT 1 FROM cp WHERE inserted) RETURNING 1),
  lp AS (
    INSERT INTO learning_lesson_progress (user_id, lesson_id, course_id, state, last_report_at, created_at,
                                          presence_due_at, presence_nonce)
    VALUES ($1, $3, $2, 'paused', $4::timestamptz, $4::timestamptz, $5::timestamptz, $6)
    ON CONFLICT (user_id, lesson_id) DO UPDATE
      SET state = 'paused', last_report_at = GREATEST(learning_lesson_progress.last_report_at, EXCLUDED.last_report_at),
          presence_due_at = EXCLUDED.presence_due_at, presence_nonce = EXCLUDED.presence_nonce
    RETURNING position, max_position, credited_seconds, finished_at, presence_due_at, presence_nonce)
  SELECT lp.*, (SELECT count(*) FROM bump)::int AS bumped,
         (SELECT json_agg(json_build_object('question_id', a.question_id, 'chosen', a.chosen, 'correct', a.correct))
            FROM learning_answers a JOIN courses_lesson_questions q ON q.id = a.question_id
           WHERE a.user_id = $1 AND q.lesson_id = $3) AS answers
    FROM lp`;

/**
 * See ranking: $1 the period kind, $2 its key, $3 the size of the top, $4 the viewer or null, $5 the exact limit.
 * A visitor's counts are not evaluated (CASE), and the top is an index range of `learning_period_seconds`.
 */
const RANKING = `WITH me AS (
    SELECT COALESCE((SELECT p.seconds FROM learning_period_seconds p
                      WHERE p.period_kind = $1 AND p.period_key = $2 AND p.user_id = $4), 0) AS seconds)
  SELECT (SELECT json_agg(json_build_object('user_id', s.user_id, 'seconds', s.seconds, 'nickname', u.nickname,
                                            'phone', u.phone, 'avatar', u.avatar)
                          ORDER BY s.seconds DESC, s.user_id ASC)
            FROM (SELECT p.user_id, p.seconds FROM learning_period_seconds p
                   WHERE p.period_kind = $1 AND p.period_key = $2 AND p.seconds > 0
                   ORDER BY p.seconds DESC NULLS LAST, p.user_id ASC LIMIT $3) s
            JOIN users u ON u.id = s.user_id) AS top,
         me.seconds,
         CASE WHEN $4::int IS NULL OR me.seconds <= 0 THEN 0 ELSE
           (SELECT count(*) FROM (SELECT 1 FROM learning_period_seconds p
                                   WHERE p.period_kind = $1 AND p.period_key = $2 AND p.seconds > me.seconds
                                   LIMIT $5) a)::int
         + (SELECT count(*) FROM (SELECT 1 FROM learning_period_seconds p
                                   WHERE p.period_kind = $1 AND p.period_key = $2 AND p.seconds = me.seconds
                                     AND p.user_id < $4
                                   LIMIT $5) b)::int END AS ahead
    FROM me`;

/** Seconds of wall time since the lesson's previous report. */
const WALL = `GREATEST(0, EXTRACT(EPOCH FROM (v.now - p.last_report_at)))::float8`;
/**
 * End of the creditable part of the interval: a presence check unanswered PRESENCE_ANSWER_S after it was due stops
 * crediting there (a late confirmation closes the interval, see CONFIRM_PRESENCE).
 */
const CREDIT_END = `(CASE WHEN (p.presence_due_at + interval '${PRESENCE_ANSWER_S} seconds') < v.now
    THEN (p.presence_due_at + interval '${PRESENCE_ANSWER_S} seconds') ELSE v.now END)`;
const SEGMENT = `GREATEST(0, EXTRACT(EPOCH FROM (${CREDIT_END} - p.last_report_at)))::float8`;
/** Beyond the furthest point played, a forward move faster than playback at the course's rate is a seek. */
const SEEK_AHEAD = `(v.position > p.max_position
    AND v.position - p.position > (${WALL} + ${SEEK_SLACK_S}) * v.rate)`;
/** Beyond the furthest point played, no more than the media advanced (whole-second positions: a tolerance). */
const AHEAD_CAP = `(CASE WHEN v.position > p.max_position
    THEN GREATEST(0, v.position - p.position) + ${AHEAD_TOLERANCE_S} ELSE 'Infinity'::float8 END)`;

/**
 * A report's credit (APPLY_REPORTS' terms): only an interval that began `playing` earns, and it earns the least of
 * the seconds played (the share of them inside the creditable part), the creditable wall time × the course's rate,
 * and beyond the furthest point played the media advanced; a forward seek past that point earns nothing.
 */
const REPORT_CREDIT = `(CASE WHEN p.state <> 'playing' OR ${WALL} <= 0 OR ${SEEK_AHEAD} THEN 0::float8
    ELSE LEAST(v.played * ${SEGMENT} / ${WALL}, ${SEGMENT} * v.rate, ${AHEAD_CAP}) END)`;
/**
 * The lesson's end is credited exactly: the player reports whole seconds, so an `ended` report at the end that
 * earned something and leaves at most a second of the duration completes it, when the creditable wall time × rate
 * covers the rest too.
 */
const REPORT_ENDS = `(v.state = 'ended' AND v.position >= v.duration - 1 AND ${REPORT_CREDIT} > 0
    AND p.credited_seconds + ${REPORT_CREDIT} >= v.duration - 1
    AND v.duration - p.credited_seconds <= ${SEGMENT} * v.rate)`;
const REPORT_TOTAL = `LEAST(v.duration, CASE WHEN ${REPORT_ENDS} THEN v.duration ELSE p.credited_seconds + ${REPORT_CREDIT} END)`;
const REPORT_REACHED = `(${REPORT_TOTAL} >= v.ratio * v.duration)`;

/**
 * See applyReports. One report per element of nine arrays: $1 users, $2 lessons, $3 times, $4 played seconds,
 * $5 positions, $6 states, $7 durations, $8 finish ratios, $9 maximum playback rates.
 */
const APPLY_REPORTS = `WITH u AS (
    UPDATE learning_lesson_progress p SET
      credited_seconds = ${REPORT_TOTAL},
      last_credit = (floor(${REPORT_TOTAL}) - floor(p.credited_seconds))::int,
      position = v.position,
      max_position = CASE WHEN p.state = 'playing'
        THEN GREATEST(p.max_position, LEAST(v.position, p.position + ${REPORT_CREDIT} + 1)) ELSE p.max_position END,
      state = v.state,
      last_report_at = GREATEST(p.last_report_at, v.now),
      finished_at = COALESCE(p.finished_at, CASE WHEN ${REPORT_REACHED} THEN v.now END),
      just_finished = (p.finished_at IS NULL AND ${REPORT_REACHED})
    FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::float8[], $5::float8[], $6::text[], $7::float8[],
                $8::float8[], $9::float8[]) AS v(user_id, lesson_id, now, played, position, state, duration, ratio, rate)
    WHERE p.user_id = v.user_id AND p.lesson_id = v.lesson_id
    RETURNING p.user_id, p.lesson_id, p.course_id, p.credited_seconds, p.last_credit,
              (p.finished_at IS NOT NULL) AS finished, p.just_finished, v.now, p.presence_due_at, p.presence_nonce),
  g AS (
    SELECT user_id, course_id, sum(last_credit)::int AS seconds, max(now) AS now,
           (array_agg(lesson_id ORDER BY now DESC, lesson_id))[1] AS last_lesson,
           count(*) FILTER (WHERE just_finished)::int AS n,
           min(lesson_id) FILTER (WHERE just_finished) AS first_lesson
      FROM u GROUP BY user_id, course_id),
  c AS (
    UPDATE learning_course_progress cp
       SET learn_seconds = cp.learn_seconds + g.seconds,
           last_lesson_id = CASE WHEN g.now >= cp.last_learned_at THEN g.last_lesson ELSE cp.last_lesson_id END,
           last_learned_at = GREATEST(cp.last_learned_at, g.now),
           finished_lessons = cp.finished_lessons + g.n,
           finished_at = COALESCE(cp.finished_at, CASE WHEN g.n > 0 AND cp.finished_lessons + g.n >= co.lesson_count THEN g.now END)
      FROM g JOIN courses co ON co.id = g.course_id
     WHERE cp.user_id = g.user_id AND cp.course_id = g.course_id
    RETURNING cp.user_id, cp.course_id, g.first_lesson,
              (g.n > 0 AND cp.finished_lessons - g.n < co.lesson_count AND cp.finished_lessons >= co.lesson_count) AS crossed)
  SELECT u.user_id, u.lesson_id, u.course_id, u.credited_seconds, u.last_credit, u.finished, u.just_finished,
         COALESCE(c.crossed AND c.first_lesson = u.lesson_id, false) AS course_finished,
         u.presence_due_at, u.presence_nonce
    FROM u LEFT JOIN c ON c.user_id = u.user_id AND c.course_id = u.course_id`;

interface AppliedReportRow {
  user_id: number;
  lesson_id: number;
  course_id: number;
  credited_seconds: number;
  last_credit: number;
  finished: boolean;
  just_finished: boolean;
  course_finished: boolean;
  presence_due_at: Date | string | null;
  presence_nonce: string | null;
}

/**
 * See confirmPresence: $1 the user, $2 the lesson, $3 the nonce, $4 the time, $5 the next check's due time, $6 its
 * nonce. Only the open check (due, nonce equal) is confirmed. Confirmed after its answer time, the interval is
 * closed there as a pause would close it (the player's next `playing` report opens a new one), so the unanswered
 * gap earns nothing.
 */
const CONFIRM_PRESENCE = `UPDATE learning_lesson_progress
     SET state = CASE WHEN (presence_due_at + interval '${PRESENCE_ANSWER_S} seconds') < $4::timestamptz
                      THEN 'paused' ELSE state END,
         last_report_at = CASE WHEN (presence_due_at + interval '${PRESENCE_ANSWER_S} seconds') < $4::timestamptz
                               THEN GREATEST(last_report_at, $4::timestamptz) ELSE last_report_at END,
         presence_due_at = $5::timestamptz, presence_nonce = $6
   WHERE user_id = $1 AND lesson_id = $2 AND presence_nonce = $3 AND presence_due_at <= $4::timestamptz
  RETURNING presence_due_at, presence_nonce`;

interface RankingRow {
  top:
    | { user_id: number; seconds: number; nickname: string | null; phone: string; avatar: string | null }[]
    | null;
  seconds: number;
  ahead: number;
}

/** See myCourses (each row carries its course's card): $1 the user, $2 'learning', 'finished' or null (both), $3 limit, $4 offset. */
const MY_COURSES = `WITH mine AS (
    SELECT cp.* FROM learning_course_progress cp JOIN courses c ON c.id = cp.course_id
     WHERE cp.user_id = $1 AND c.published)
  SELECT (SELECT json_agg(json_build_object(
                   'course_id', p.course_id, 'started_at', p.started_at, 'last_learned_at', p.last_learned_at,
                   'last_lesson_id', p.last_lesson_id, 'learn_seconds', p.learn_seconds,
                   'finished_lessons', p.finished_lessons, 'finished_at', p.finished_at,
                   'watched_seconds', COALESCE((SELECT sum(LEAST(lp.credited_seconds, l.duration))
                                                  FROM learning_lesson_progress lp
                                                  JOIN courses_lessons l ON l.id = lp.lesson_id
                                                 WHERE lp.user_id = p.user_id AND lp.course_id = p.course_id), 0)::float8,
                   'total_duration', COALESCE((SELECT sum(l.duration) FROM courses_lessons l
                                                WHERE l.course_id = p.course_id), 0)::int,
                   'card', ${courseCardJson('p.course_id')})
                 ORDER BY p.last_learned_at DESC, p.course_id DESC)
            FROM (SELECT * FROM mine
                   WHERE $2::text IS NULL OR ($2::text = 'finished') = (finished_at IS NOT NULL)
                   ORDER BY last_learned_at DESC, course_id DESC LIMIT $3 OFFSET $4) p) AS list,
         (SELECT count(*) FROM mine WHERE finished_at IS NULL)::int AS learning,
         (SELECT count(*) FROM mine WHERE finished_at IS NOT NULL)::int AS finished`;

interface MyCoursesRow {
  list:
    | {
        course_id: number;
        started_at: string;
        last_learned_at: string;
        last_lesson_id: number | null;
        learn_seconds: number;
        finished_lessons: number;
        finished_at: string | null;
        watched_seconds: number;
        total_duration: number;
        card: CourseCardJson;
      }[]
    | null;
  learning: number;
  finished: number;
}

interface OpenLessonRow {
  position: number;
  max_position: number;
  credited_seconds: number;
  finished_at: Date | string | null;
  presence_due_at: Date | string | null;
  presence_nonce: string | null;
  answers: { question_id: number; chosen: string[]; correct: boolean }[] | null;
}

export function createLearningRepository(db: DbOrTx) {
  const openLesson = preparedRows<OpenLessonRow, [number, number, number, string, string, string]>(
    db,
    'learning_open_lesson',
    OPEN_LESSON,
  );
  const ranking = preparedRows<RankingRow, [string, string, number, number | null, number]>(
    db,
    'learning_ranking',
    RANKING,
  );
  const myCourses = preparedRows<MyCoursesRow, [number, string | null, number, number]>(
    db,
    'learning_my_courses',
    MY_COURSES,
  );
  const applyReports = preparedRows<
    AppliedReportRow,
    [string, string, string, string, string, string, string, string, string]
  >(db, 'learning_apply_reports', APPLY_REPORTS);
  const confirmPresence = preparedRows<
    { presence_due_at: Date | string; presence_nonce: string },
    [number, number, string, string, string, string]
  >(db, 'learning_confirm_presence', CONFIRM_PRESENCE);
  return {
    /**
     * Opens a lesson for a user (access already checked), in ONE statement (OPEN_LESSON): creates the course record
     * (counting a new learner on the course) and the lesson progress, or resets the lesson's player state so a new
     * page starts a new interval, and schedules the lesson's next presence check (opening the page is the learner's
     * doing, so it replaces a check left open); and reads the user's answers to the lesson's questions.
     */
    async openLesson(
      userId: number,
      lesson: { id: number; courseId: number },
      now: Date,
      presence: { dueAt: Date; nonce: string },
    ) {
      const [row] = await openLesson(userId, lesson.courseId, lesson.id, at(now), at(presence.dueAt), presence.nonce);
      return {
        ...row!,
        finished_at: toDate(row!.finished_at),
        presence: { dueAt: toDate(row!.presence_due_at), nonce: row!.presence_nonce },
        answers: row!.answers ?? [],
      };
    },

    /**
     * Confirms the lesson's open presence check (ONE statement, CONFIRM_PRESENCE) and schedules the next one.
     * Undefined when `nonce` is not the open check's (wrong, already answered, not yet due, or no such lesson row).
     */
    async confirmPresence(v: {
      userId: number;
      lessonId: number;
      nonce: string;
      now: Date;
      next: { dueAt: Date; nonce: string };
    }): Promise<PresenceRow | undefined> {
      const [row] = await confirmPresence(v.userId, v.lessonId, v.nonce, at(v.now), at(v.next.dueAt), v.next.nonce);
      return row ? { dueAt: toDate(row.presence_due_at), nonce: row.presence_nonce } : undefined;
    },

    /**
     * Applies one watch report in ONE atomic statement (no transaction, correct across processes): the row lock of
     * the UPDATE serialises reports of the same user and lesson, and every expression reads the row as it was.
     * credit = min(played, (now - last report) × max rate) if the previous report was `playing`, else 0, and less
     * when a presence check went unanswered or the report is ahead of the furthest point played (REPORT_CREDIT);
     * the lesson total never exceeds its duration; the report that crosses the finish ratio sets just_finished.
     * Returns undefined when the user never opened the lesson.
     */
    async applyReport(r: ReportInput): Promise<ReportOutcome | undefined> {
      return (await this.applyReports([r]))[0];
    },

    /**
     * Several reports (distinct user+lesson pairs) in ONE statement: each row is computed exactly as applyReport
     * describes, from its own locked row; batching only shares the statement's round trip and plan.
     * The same statement updates the course records (learn_seconds, last lesson, finished lessons; the record's row
     * lock serialises it across processes): a lesson's just_finished is true for exactly one report, so
     * finished_lessons grows by the lessons that report finished, and the report whose increment reaches the
     * course's lesson count finishes the course (one report per user and course, the smallest lesson id when two
     * lessons finish in one statement).
     */
    async applyReports(reports: readonly ReportInput[]): Promise<(ReportOutcome | undefined)[]> {
      if (reports.length === 0) return [];
      const col = <T extends string | number>(f: (r: ReportInput) => T) => pgArray(reports.map(f));
      const rows = await applyReports(
        col((r) => r.userId),
        col((r) => r.lessonId),
        col((r) => at(r.now)),
        col((r) => r.playedSeconds),
        col((r) => Math.min(r.position, r.duration)),
        col((r) => r.state),
        col((r) => r.duration),
        col((r) => r.finishRatio),
        col((r) => r.maxRate),
      );
      const byKey = new Map(rows.map((row) => [`${row.user_id}:${row.lesson_id}`, row]));
      return reports.map((r) => {
        const row = byKey.get(`${r.userId}:${r.lessonId}`);
        return row
          ? {
              courseId: row.course_id,
              creditedTotal: row.credited_seconds,
              credit: row.last_credit,
              finished: row.finished,
              justFinished: row.just_finished,
              courseFinished: row.course_finished,
              presence: { dueAt: toDate(row.presence_due_at), nonce: row.presence_nonce },
            }
          : undefined;
      });
    },

    async lessonProgressOfCourse(userId: number, courseId: number) {
      return db
        .select()
        .from(learningLessonProgress)
        .where(and(eq(learningLessonProgress.userId, userId), eq(learningLessonProgress.courseId, courseId)));
    },

    async courseRecord(userId: number, courseId: number) {
      const [row] = await db
        .select()
        .from(learningCourseProgress)
        .where(and(eq(learningCourseProgress.userId, userId), eq(learningCourseProgress.courseId, courseId)));
      return row;
    },

    async lessonsOfCourse(courseId: number) {
      return db
        .select({
          id: coursesLessons.id,
          title: coursesLessons.title,
          sort: coursesLessons.sort,
          duration: coursesLessons.duration,
        })
        .from(coursesLessons)
        .where(eq(coursesLessons.courseId, courseId))
        .orderBy(asc(coursesLessons.sort));
    },

    /**
     * A page of a user's courses (most recently learned first; status filters) with the counts of both tabs, in ONE
     * prepared statement (MY_COURSES).
     */
    async myCourses(
      userId: number,
      status: 'learning' | 'finished' | undefined,
      limit: number,
      offset: number,
    ) {
      const [row] = await myCourses(userId, status ?? null, limit, offset);
      return {
        rows: (row?.list ?? []).map((r) => ({
          ...r,
          card: cardFromJson(r.card),
          started_at: toDate(r.started_at)!,
          last_learned_at: toDate(r.last_learned_at)!,
          finished_at: toDate(r.finished_at),
        })),
        learning: row?.learning ?? 0,
        finished: row?.finished ?? 0,
      };
    },

    async saveAnswer(v: {
      userId: number;
      questionId: number;
      chosen: string[];
      correct: boolean;
      now: Date;
    }) {
      await db
        .insert(learningAnswers)
        .values({
          userId: v.userId,
          questionId: v.questionId,
          chosen: v.chosen,
          correct: v.correct,
          answeredAt: v.now,
        })
        .onConflictDoUpdate({
          target: [learningAnswers.userId, learningAnswers.questionId],
          set: { chosen: v.chosen, correct: v.correct, answeredAt: v.now },
        });
    },

    /**
     * Adds batched increments, each as ONE multi-row upsert, rows sorted by key so concurrent flushes of several
     * processes lock in the same order (days, then periods, then accounts). Call inside a transaction.
     */
    async applyIncrements(daily: DailyIncrement[], achieve: AchieveIncrement[]) {
      if (daily.length) {
        const rows = [...daily].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
        const users = pgArray(rows.map((d) => d.userId));
        const days = pgArray(rows.map((d) => d.day));
        const seconds = pgArray(rows.map((d) => d.seconds));
        await db.execute(sql`INSERT INTO learning_daily_seconds (user_id, day, seconds)
          SELECT * FROM unnest(${users}::int[], ${days}::date[], ${seconds}::int[])
          ON CONFLICT (user_id, day) DO UPDATE SET seconds = learning_daily_seconds.seconds + EXCLUDED.seconds`);
        // The same increments summed per ranking period (two days of one week in one flush make one row).
        await db.execute(sql`INSERT INTO learning_period_seconds (period_kind, period_key, user_id, seconds)
          SELECT p.kind, p.key, d.user_id, sum(d.seconds)::int
            FROM unnest(${users}::int[], ${days}::date[], ${seconds}::int[]) AS d(user_id, day, seconds)
            CROSS JOIN LATERAL ${PERIODS_OF_DAY} AS p(kind, key)
           GROUP BY p.kind, p.key, d.user_id
           ORDER BY p.kind, p.key, d.user_id
          ON CONFLICT (period_kind, period_key, user_id)
            DO UPDATE SET seconds = learning_period_seconds.seconds + EXCLUDED.seconds`);
      }
      if (achieve.length) await accountChanges.addLearningTotals(db, achieve);
    },

    /**
     * Recomputes every period total from learning_daily_seconds (the demo seed, after writing days directly;
     * the migration runs the same statement once).
     */
    async rebuildPeriodTotals() {
      await db.execute(sql`DELETE FROM learning_period_seconds`);
      await db.execute(sql`INSERT INTO learning_period_seconds (period_kind, period_key, user_id, seconds)
        SELECT p.kind, p.key, d.user_id, sum(d.seconds)::int
          FROM learning_daily_seconds d CROSS JOIN LATERAL ${PERIODS_OF_DAY} AS p(kind, key)
         GROUP BY p.kind, p.key, d.user_id`);
    },

    /**
     * Top learners of a period, most seconds first, ties by user id: an index range of `limit` rows of
     * learning_period_seconds (key from periodKey). `NULLS LAST` (seconds is never null) spells the index's order,
     * without it PostgreSQL reads the whole period and sorts it.
     */
    /**
     * A period's ranking in ONE statement (RANKING): the top `limit` learners with their names, and for a viewer
     * (null for a visitor) the viewer's seconds and place in the same order (null when no seconds). The learners
     * ahead are two counts over index ranges (more seconds; as many seconds and a smaller id), each stopping after
     * `exactLimit` rows, so the cost is bounded however many learners the period has. With `exactLimit` or more
     * ahead the place is not counted: rank null, beyond true.
     */
    async ranking(period: RankPeriodKey, limit: number, viewerId: number | null, exactLimit: number) {
      const [row] = await ranking(period.kind, period.key, limit, viewerId, exactLimit);
      const top = row?.top ?? [];
      if (viewerId === null) return { top, mine: null };
      const seconds = row?.seconds ?? 0;
      const ahead = row?.ahead ?? 0;
      const mine =
        seconds <= 0
          ? { seconds, rank: null, beyond: false }
          : ahead >= exactLimit
            ? { seconds, rank: null, beyond: true }
            : { seconds, rank: ahead + 1, beyond: false };
      return { top, mine };
    },

    /** A learner's seconds and place in a period (see ranking). */
    async rankOf(userId: number, period: RankPeriodKey, exactLimit: number) {
      return (await this.ranking(period, 0, userId, exactLimit)).mine!;
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
