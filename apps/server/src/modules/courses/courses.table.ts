import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DescriptionBlock } from '@app/contracts';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Tower tags: a two-level tree (parent null = top level, e.g. 财务管理 > 预算管理). */
export const coursesTags = pgTable(
  'courses_tags',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => coursesTags.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('courses_tags_name_uq').on(t.name), index('courses_tags_parent_idx').on(t.parentId, t.sort)],
);

export const coursesTeachers = pgTable('courses_teachers', {
  id: serial('id').primaryKey(),
  /** Stable key of seeded rows (idempotent seed); null for teachers added by staff. */
  slug: text('slug').unique(),
  name: text('name').notNull(),
  /** Professional title, e.g. 高级会计师. */
  title: text('title').notNull(),
  photo: text('photo').notNull(),
  intro: text('intro').notNull().default(''),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    /** Stable key of seeded rows (idempotent seed); null for courses added by staff. */
    slug: text('slug').unique(),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    summary: text('summary').notNull(),
    description: jsonb('description').$type<DescriptionBlock[]>().notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => coursesTeachers.id),
    kind: text('kind', { enum: ['video', 'outer_link'] }).notNull(),
    outerUrl: text('outer_url'),
    priceType: text('price_type', { enum: ['free', 'member', 'paid'] }).notNull(),
    /** Fen. */
    price: integer('price').notNull().default(0),
    /** Members' price in fen set by staff; null: the default member discount (memberPriceOf). */
    memberPrice: integer('member_price'),
    /** Kept equal to the lessons by the code that writes lessons (seed, admin). */
    lessonCount: integer('lesson_count').notNull().default(0),
    totalDuration: integer('total_duration').notNull().default(0),
    learnerCount: integer('learner_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    /** HOT_SCORE_WEIGHTS in @app/contracts. */
    hotScore: integer('hot_score')
      .notNull()
      .generatedAlwaysAs(sql`learner_count * 2 + like_count * 3 + favorite_count`),
    /**
     * Presence checks (学习确认) every min-max minutes in this course's lessons; both null: the default
     * (PRESENCE_DEFAULT_MIN/MAX_MINUTES in @app/contracts).
     */
    presenceMinMinutes: integer('presence_min_minutes'),
    presenceMaxMinutes: integer('presence_max_minutes'),
    /** Fastest playback rate credited in this course; null: MAX_PLAYBACK_RATE. */
    maxPlaybackRate: doublePrecision('max_playback_rate'),
    published: boolean('published').notNull().default(false),
    publishedAt: ts('published_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('courses_price_ck', sql`${t.price} >= 0 AND (${t.priceType} = 'paid' OR ${t.price} = 0)`),
    check(
      'courses_member_price_ck',
      sql`${t.memberPrice} IS NULL OR (${t.priceType} = 'paid' AND ${t.memberPrice} >= 0 AND ${t.memberPrice} <= ${t.price})`,
    ),
    check(
      'courses_presence_ck',
      sql`(${t.presenceMinMinutes} IS NULL) = (${t.presenceMaxMinutes} IS NULL) AND (${t.presenceMinMinutes} IS NULL OR (${t.presenceMinMinutes} >= 1 AND ${t.presenceMinMinutes} <= ${t.presenceMaxMinutes} AND ${t.presenceMaxMinutes} <= 120))`,
    ),
    check('courses_max_rate_ck', sql`${t.maxPlaybackRate} IS NULL OR (${t.maxPlaybackRate} >= 1 AND ${t.maxPlaybackRate} <= 2)`),
    check(
      'courses_counts_ck',
      sql`${t.likeCount} >= 0 AND ${t.favoriteCount} >= 0 AND ${t.learnerCount} >= 0`,
    ),
    index('courses_newest_idx').on(t.published, t.publishedAt.desc(), t.id.desc()),
    index('courses_hotest_idx').on(t.published, t.hotScore.desc(), t.id.desc()),
    // Keyword search is `ILIKE '%term%'`; these trigram indexes serve it for terms of 3+ characters.
    // A 1-2 character term (常见 for Chinese, e.g. 税务) has no trigram, so PostgreSQL scans the table instead;
    // the course table is small (hundreds of rows), so that scan costs well under a millisecond.
    index('courses_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('courses_summary_trgm_idx').using('gin', sql`${t.summary} gin_trgm_ops`),
  ],
);

export const coursesCourseTags = pgTable(
  'courses_course_tags',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => coursesTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('courses_course_tags_tag_idx').on(t.tagId)],
);

export const coursesLessons = pgTable(
  'courses_lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** 1-based order in the course. */
    sort: integer('sort').notNull(),
    title: text('title').notNull(),
    /**
     * The playable video: an MP4 file name (a stored file `videos/<file>`, or a demo clip in assets/videos), or
     * `hls/<name>` for the HLS renditions a transcoding job stored under `videos/hls/<name>/`. Null until the
     * first upload of a lesson added by staff is transcoded; a course with such a lesson cannot be published.
     */
    videoFile: text('video_file'),
    /** Poster frame (`hls/<name>/poster.jpg`) of a transcoded video. */
    posterFile: text('poster_file'),
    /** Seconds; the real duration of the file, so the 95% rule can be met by playing it. 0 before any video. */
    duration: integer('duration').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
  },
  (t) => [
    unique('courses_lessons_course_sort_uq').on(t.courseId, t.sort),
    check('courses_lessons_duration_ck', sql`${t.duration} > 0 OR (${t.videoFile} IS NULL AND ${t.duration} = 0)`),
  ],
);

/**
 * Subtitles of a lesson, one per language: the WebVTT text as uploaded (SRT converted on upload), validated, so the
 * player, the HLS rendition's subtitle playlist and the transcript beside the video read the same cues.
 */
export const coursesLessonSubtitles = pgTable(
  'courses_lesson_subtitles',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => coursesLessons.id, { onDelete: 'cascade' }),
    /** BCP 47 language tag, e.g. zh-CN. */
    lang: text('lang').notNull().default('zh-CN'),
    /** The name the player's menu shows, e.g. 中文. */
    label: text('label').notNull().default('中文'),
    vtt: text('vtt').notNull(),
    cueCount: integer('cue_count').notNull(),
    /** The uploaded file's name, for staff. */
    sourceName: text('source_name'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.lang] })],
);

export interface QuestionOption {
  key: string;
  text: string;
}

export const coursesLessonQuestions = pgTable(
  'courses_lesson_questions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => coursesLessons.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    kind: text('kind', { enum: ['single', 'multiple'] }).notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull(),
    /** Correct option keys, sorted. Never sent before the learner answers. */
    answer: jsonb('answer').$type<string[]>().notNull(),
    explanation: text('explanation').notNull(),
  },
  (t) => [unique('courses_lesson_questions_lesson_sort_uq').on(t.lessonId, t.sort)],
);

/** One like per user and course; the primary key makes concurrent likes count once. */
export const coursesLikes = pgTable(
  'courses_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const coursesFavorites = pgTable(
  'courses_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('courses_favorites_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Paid courses a user may watch (bought, or granted by staff). Written by the orders flow via grantCourse. */
export const coursesGrants = pgTable(
  'courses_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** order | staff | seed */
    source: text('source').notNull(),
    /** Order number when bought. */
    reference: text('reference'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** Server-side secrets of the course area (the key that signs video URLs), shared by every server process. */
export const coursesMediaKeys = pgTable('courses_media_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});

/**
 * Visits of outer-link courses (/train/outerlink/{courseId} opening the partner site): one row per visit, the
 * user when logged in. A user's first visit (first_visit, unique per user and course) counts them as a learner.
 */
export const coursesOuterVisits = pgTable(
  'courses_outer_visits',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstVisit: boolean('first_visit').notNull().default(false),
    visitedAt: ts('visited_at').notNull(),
  },
  (t) => [
    index('courses_outer_visits_course_idx').on(t.courseId, t.visitedAt.desc()),
    uniqueIndex('courses_outer_visits_first_uq')
      .on(t.courseId, t.userId)
      .where(sql`${t.firstVisit}`),
  ],
);

/**
 * A lesson video being sent by staff in chunks (resumable): each chunk is a part of a multipart upload to the stored
 * file `uploads/course-videos/<id>.part`, `received` is the verified length so far. Every server process shares the
 * storage and this row.
 */
export const coursesVideoUploads = pgTable('courses_video_uploads', {
  id: serial('id').primaryKey(),
  lessonId: integer('lesson_id')
    .notNull()
    .references(() => coursesLessons.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  /** uploading | complete | failed */
  status: text('status', { enum: ['uploading', 'complete', 'failed'] }).notNull(),
  /**
   * The storage's multipart upload the chunks are parts of (created with the first chunk), and the parts received so
   * far with their ETags: the upload resumes after a restart, or on another process, from these.
   */
  multipartId: text('multipart_id'),
  parts: jsonb('parts').$type<{ partNumber: number; etag: string }[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Transcoding jobs (the queue): a worker claims the oldest queued job, or a running one whose lease ran out (its
 * process died), with `FOR UPDATE SKIP LOCKED`, and extends `locked_until` while ffmpeg runs.
 */
export const coursesVideoJobs = pgTable(
  'courses_video_jobs',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => coursesLessons.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => coursesVideoUploads.id, { onDelete: 'set null' }),
    /** The uploaded file's storage key (on the local disk, its path relative to DATA_DIR). */
    source: text('source').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** 0-100, from ffmpeg's progress output. */
    progress: integer('progress').notNull().default(0),
    /** ffmpeg's reason when failed. */
    error: text('error'),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    /** `hls/<name>` once done. */
    output: text('output'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('courses_video_jobs_pending_idx').on(t.status, t.id),
    index('courses_video_jobs_lesson_idx').on(t.lessonId, t.id.desc()),
  ],
);
