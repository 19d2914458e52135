import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { courses, coursesLessonQuestions, coursesLessons } from '../courses/courses.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's progress in one lesson. Created when the lesson is first opened (that is where access is checked);
 * every watch report then updates it with ONE atomic statement that computes the credit from the row itself.
 */
export const learningLessonProgress = pgTable(
  'learning_lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => coursesLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Resume position, seconds. */
    position: doublePrecision('position').notNull().default(0),
    /** Furthest point reached by playing (a seek does not move it beyond what was played). */
    maxPosition: doublePrecision('max_position').notNull().default(0),
    /** Learning seconds credited in this lesson, ≤ the lesson duration. Fractional; aggregates get whole seconds. */
    creditedSeconds: doublePrecision('credited_seconds').notNull().default(0),
    /** Whole seconds the latest report added to the aggregates (floor(new) - floor(old)). */
    lastCredit: integer('last_credit').notNull().default(0),
    /** Player state of the latest report: only an interval that starts in `playing` earns credit. */
    state: text('state').notNull().default('paused'),
    lastReportAt: ts('last_report_at').notNull(),
    finishedAt: ts('finished_at'),
    /** Set by the report that crossed the 95% mark, so exactly one report finishes the lesson. */
    justFinished: boolean('just_finished').notNull().default(false),
    /**
     * When the next presence check (学习确认) is due: set on opening the lesson and on each confirmation. From then
     * on the check is open; PRESENCE_ANSWER_S later, reports credit nothing until it is confirmed. Null for rows of
     * pages opened before presence checks existed.
     */
    presenceDueAt: ts('presence_due_at'),
    /** Random nonce of that check, told to the player only once it is due; a confirmation must carry it. */
    presenceNonce: text('presence_nonce'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('learning_lesson_progress_user_course_idx').on(t.userId, t.courseId),
  ],
);

/** A user's record of one course: created on the first opened lesson (counts a learner). */
export const learningCourseProgress = pgTable(
  'learning_course_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    lastLearnedAt: ts('last_learned_at').notNull(),
    lastLessonId: integer('last_lesson_id'),
    /** Whole seconds credited in the course (batched). */
    learnSeconds: integer('learn_seconds').notNull().default(0),
    finishedLessons: integer('finished_lessons').notNull().default(0),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('learning_course_progress_user_recent_idx').on(t.userId, t.lastLearnedAt.desc()),
    // A course's finishers (courseFinishers: the standards area's 修订提示 walks them in user order).
    index('learning_course_progress_finished_idx').on(t.courseId, t.userId).where(sql`${t.finishedAt} IS NOT NULL`),
  ],
);

/** A user's latest answer to a lesson question. */
export const learningAnswers = pgTable(
  'learning_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => coursesLessonQuestions.id, { onDelete: 'cascade' }),
    chosen: jsonb('chosen').$type<string[]>().notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** Learning seconds per user and China-time day: week, month and all-time rankings are range sums. */
export const learningDailySeconds = pgTable(
  'learning_daily_seconds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('learning_daily_seconds_day_idx').on(t.day, t.userId),
  ],
);

/**
 * Learning seconds per ranking period and user, kept by the same flush that writes learning_daily_seconds (and
 * rebuilt from it by the migration and the demo seed), so a ranking is an index range instead of a sum over every
 * user's days. period_kind 'week' (key: the Monday, YYYY-MM-DD, China time), 'month' (key: YYYY-MM) or 'all'
 * (key: 'all'). The rows always equal the sums of learning_daily_seconds over the period.
 */
export const learningPeriodSeconds = pgTable(
  'learning_period_seconds',
  {
    periodKind: text('period_kind').$type<'week' | 'month' | 'all'>().notNull(),
    periodKey: text('period_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.periodKind, t.periodKey, t.userId] }),
    index('learning_period_seconds_rank_idx').on(t.periodKind, t.periodKey, t.seconds.desc(), t.userId),
  ],
);

export const learningNotes = pgTable(
  'learning_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => coursesLessons.id, { onDelete: 'cascade' }),
    videoSecond: integer('video_second').notNull(),
    /** Plain text. */
    content: text('content').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('learning_notes_user_idx').on(t.userId, t.createdAt.desc()),
    index('learning_notes_lesson_public_idx')
      .on(t.lessonId, t.likeCount.desc())
      .where(sql`${t.isPublic}`),
  ],
);

export const learningNoteLikes = pgTable(
  'learning_note_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noteId: integer('note_id')
      .notNull()
      .references(() => learningNotes.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noteId] })],
);

export type LearningLessonProgressRow = typeof learningLessonProgress.$inferSelect;

/**
 * Per-day totals of learning_daily_seconds (learners with time that day, seconds), kept by statement-level triggers
 * on that table (hand-written SQL in the migration) so the staff dashboard reads 30 rows instead of every learner's
 * days.
 */
export const learningDayTotals = pgTable('learning_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  learners: integer('learners').notNull().default(0),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
});

/** Who learned in which China-time month (first day of the month), kept by the same triggers. */
export const learningMonthLearners = pgTable(
  'learning_month_learners',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);

/** Distinct learners per month (the count of learning_month_learners rows, kept by trigger). */
export const learningMonthTotals = pgTable('learning_month_totals', {
  month: date('month', { mode: 'string' }).primaryKey(),
  learners: integer('learners').notNull().default(0),
});
