import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { courseCardSchema } from '../courses/courses.schemas';
import { MAX_REPORTED_PLAYED_S, MY_COURSE_STATUSES, RANK_PERIODS, WATCH_STATES } from './learning.rules';
import { lessonPresenceSchema } from './presence.schemas';

export * from './presence.schemas';

/**
 * POST /coursepoolapi/course_pools/watch_create: a progress report of the player.
 * Sent as JSON by fetch, or by `navigator.sendBeacon` as a text/plain JSON string; a beacon cannot set the
 * `token` header, so this endpoint alone also accepts the session token as a `token` body field or query parameter.
 */
export const watchReportBodySchema = z.object({
  lesson_id: recordIdSchema('请指定课时'),
  /** Current playback position, seconds. */
  position: z.coerce.number({ error: '播放位置不正确' }).min(0).max(86_400),
  /** Media seconds actually played (visible, not paused) since the previous report of this lesson. */
  played_seconds: z.coerce.number({ error: '播放时长不正确' }).min(0).max(MAX_REPORTED_PLAYED_S),
  /** Player state now; see WATCH_STATES. */
  state: z.enum(WATCH_STATES, { error: '播放状态不正确' }),
  /** Session token, for sendBeacon only (the header wins when both are present). */
  token: z.string().max(200).optional(),
});
export type WatchReportBody = z.input<typeof watchReportBodySchema>;
/** Query of watch_create: only the optional beacon token. */
export const watchReportQuerySchema = z.object({ token: z.string().max(200).optional() });

export const watchReportResultSchema = z.object({
  /** Seconds credited by this report. */
  credited_seconds: z.number().int(),
  /** Seconds credited in this lesson so far (≤ duration). */
  watched_seconds: z.number().int(),
  percent: z.number().int(),
  lesson_finished: z.boolean(),
  /** True when this report finished the whole course. */
  course_finished: z.boolean(),
  /** The lesson's presence check after this report; null for a lesson opened before presence checks existed. */
  presence: lessonPresenceSchema.nullable(),
});
export type WatchReportResult = z.infer<typeof watchReportResultSchema>;

/** My record of one course: GET /coursepoolapi/course_learn?course_id= */
export const courseLearnQuerySchema = z.object({
  course_id: recordIdSchema('请指定课程'),
});
export const courseRecordSchema = z.object({
  /** ISO time the first lesson was opened. */
  started_at: z.string(),
  /** ISO time of the latest credited report (or of opening a lesson). */
  last_learned_at: z.string(),
  /** Seconds credited in this course. */
  learn_seconds: z.number().int(),
  finished_lessons: z.number().int(),
  lesson_count: z.number().int(),
  /** Seconds of the lessons watched: the sum over lessons of min(credited, duration). */
  watched_seconds: z.number().int(),
  /** Sum of the lesson durations, seconds. */
  total_duration: z.number().int(),
  /** watched_seconds / total_duration, 0-100 (floored; 100 once the course is finished). */
  percent: z.number().int(),
  /** ISO time all lessons were finished, null before. */
  finished_at: z.string().nullable(),
  last_lesson_id: z.number().int().nullable(),
});
export type CourseRecord = z.infer<typeof courseRecordSchema>;
export const courseLearnSchema = z.object({
  course_id: z.number().int(),
  course_title: z.string(),
  /** Null when the user never opened a lesson of the course. */
  record: courseRecordSchema.nullable(),
  lessons: z.array(
    z.object({
      lesson_id: z.number().int(),
      title: z.string(),
      sort: z.number().int(),
      duration: z.number().int(),
      position: z.number(),
      watched_seconds: z.number().int(),
      finished: z.boolean(),
      /** ISO time of the last report, null when never opened. */
      last_report_at: z.string().nullable(),
    }),
  ),
});
export type CourseLearn = z.infer<typeof courseLearnSchema>;

/** GET /api/my_courses: courses I started, most recently learned first; `status` keeps learning or finished. */
export const myCoursesQuerySchema = pageQuerySchema.extend({
  status: z.enum(MY_COURSE_STATUSES, { error: '学习状态不正确' }).optional(),
});
export type MyCoursesQuery = z.input<typeof myCoursesQuerySchema>;
export const myCourseItemSchema = courseCardSchema.extend({ record: courseRecordSchema });
export type MyCourseItem = z.infer<typeof myCourseItemSchema>;
export const myCoursesPageSchema = pagedSchema(myCourseItemSchema).extend({
  /** Counts for the filter tabs. */
  learning_count: z.number().int(),
  finished_count: z.number().int(),
});
export type MyCoursesPage = z.infer<typeof myCoursesPageSchema>;

/** GET /api/home_page_rank?period=week|month|all (default week; weeks start on Monday, China time). */
export const rankQuerySchema = z.object({
  period: z.enum(RANK_PERIODS, { error: '排行周期不正确' }).default('week'),
});
export type RankQuery = z.input<typeof rankQuerySchema>;
export const rankEntrySchema = z.object({
  rank: z.number().int(),
  user_id: z.number().int(),
  /** Nickname, or the masked phone when no nickname is set. */
  name: z.string(),
  avatar: z.string().nullable(),
  /** Learning seconds in the period. */
  seconds: z.number().int(),
});
export type RankEntry = z.infer<typeof rankEntrySchema>;
export const rankDataSchema = z.object({
  period: z.enum(RANK_PERIODS),
  /** First day of the period (yyyy-MM-dd, China time); null for all time. */
  since: z.string().nullable(),
  /** Top RANK_SIZE learners, most seconds first. */
  list: z.array(rankEntrySchema),
  /**
   * The logged-in user's place; null for visitors. rank is null when the user has no learning time in the period,
   * or when more than RANK_EXACT_LIMIT learners are ahead (then `beyond` is true).
   */
  mine: z
    .object({ rank: z.number().int().nullable(), seconds: z.number().int(), beyond: z.boolean() })
    .nullable(),
});
export type RankData = z.infer<typeof rankDataSchema>;
