import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { lessonPresenceSchema } from '../learning/presence.schemas';
import {
  COURSE_CURSOR_MAX,
  COURSE_KEYWORD_MAX,
  COURSE_KINDS,
  COURSE_PRICE_TYPES,
  COURSE_SORTS,
  LESSON_QUESTION_KINDS,
  courseMessages,
} from './courses.rules';

const idSchema = recordIdSchema;

export const courseKindSchema = z.enum(COURSE_KINDS);
export const coursePriceTypeSchema = z.enum(COURSE_PRICE_TYPES);

/** A tower tag; a top-level tag (e.g. 财务管理) holds second-level tags (e.g. 预算管理). */
export const towerTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Published courses carrying this tag (for a parent: carrying it or any of its children). */
  course_count: z.number().int(),
});
export const towerTagNodeSchema = towerTagSchema.extend({
  children: z.array(towerTagSchema),
});
export type TowerTag = z.infer<typeof towerTagSchema>;
export type TowerTagNode = z.infer<typeof towerTagNodeSchema>;

/** GET /coursepoolapi/course_pools/tower_tag_list: the two-level tag tree, in display order. */
export const towerTagListSchema = z.array(towerTagNodeSchema);

/** A teacher as shown on course cards and the course page. */
export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Professional title, e.g. 高级会计师, 注册会计师, 教授. */
  title: z.string(),
  /** Photo URL (same-origin). */
  photo: z.string(),
  /** Short biography, plain text. */
  intro: z.string(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** One course in a list (course pool, hot courses, member courses, favourites). */
export const courseCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Cover image URL (same-origin, 16:9). */
  cover: z.string(),
  /** One- or two-sentence summary, plain text. */
  summary: z.string(),
  teacher_name: z.string(),
  teacher_title: z.string(),
  /** Second-level tags of the course. */
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  kind: courseKindSchema,
  /** free: anyone logged in; member: members only; paid: buyers only (trial lessons excepted). */
  price_type: coursePriceTypeSchema,
  /** Price in fen (1/100 yuan); 0 unless price_type is paid. */
  price: z.number().int(),
  /** Members' price in fen: price × MEMBER_COURSE_DISCOUNT_PERCENT (60%), rounded to the fen; 0 unless paid. */
  member_price: z.number().int().optional(),
  lesson_count: z.number().int(),
  /** Sum of the lessons' durations, seconds. */
  total_duration: z.number().int(),
  /** Users who opened at least one lesson. */
  learner_count: z.number().int(),
  like_count: z.number().int(),
  favorite_count: z.number().int(),
  /** Hot score (learners, likes and favourites, see HOT_SCORE_WEIGHTS); the `hotest` order. */
  hot_score: z.number().int(),
  /** ISO time of publication; the `newest` order. */
  published_at: z.string(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** GET /coursepoolapi/course_pools query. */
export const coursePoolQuerySchema = pageQuerySchema.extend({
  /** Tag id; a top-level tag includes its children. */
  tag: idSchema('标签不正确').optional(),
  /** Substring of the title or summary (Chinese works from 1 character). */
  keyword: z.string().trim().max(COURSE_KEYWORD_MAX, courseMessages.keywordTooLong).optional(),
  /** hotest | newest (default newest). Hot courses on the home page: newhot=hotest&page=1&per=4. */
  newhot: z.enum(COURSE_SORTS, { error: '排序方式不正确' }).default('newest'),
  /** Keep only free, member or paid courses. */
  price_type: z.enum(COURSE_PRICE_TYPES, { error: '收费类型不正确' }).optional(),
  /**
   * Opaque: the `next_cursor` or `prev_cursor` of a page of this list with the same filters and order. Opens the
   * neighbouring page by key (keyset) instead of by `page`; needed past COURSE_LIST_MAX_OFFSET rows.
   */
  cursor: z.string().max(COURSE_CURSOR_MAX, courseMessages.cursorInvalid).optional(),
});
export type CoursePoolQuery = z.input<typeof coursePoolQuerySchema>;
export const coursePageSchema = pagedSchema(courseCardSchema);
export type CoursePage = z.infer<typeof coursePageSchema>;
/** The course list: a page plus the cursors of the pages after and before it (null at either end). */
export const coursePoolPageSchema = coursePageSchema.extend({
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type CoursePoolPage = z.infer<typeof coursePoolPageSchema>;

/** GET /api/member_courses query: the members-only courses, newest first. */
export const memberCoursesQuerySchema = pageQuerySchema.extend({
  tag: idSchema('标签不正确').optional(),
});
export type MemberCoursesQuery = z.input<typeof memberCoursesQuerySchema>;

/**
 * A block of a course's rich description: heading, paragraph or bullet list (the demo catalogue), or `html` written
 * by staff in the editor, stored only after the server's sanitiser kept its allowed tags.
 */
export const descriptionBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);
export type DescriptionBlock = z.infer<typeof descriptionBlockSchema>;

/** The logged-in user's progress in one lesson. */
export const lessonProgressSchema = z.object({
  /** Where to resume, seconds. */
  position: z.number(),
  /** Furthest point reached by playing, seconds. */
  max_position: z.number(),
  /** Seconds credited as learning time in this lesson (never above the duration). */
  watched_seconds: z.number().int(),
  /** watched_seconds / duration, 0-100. */
  percent: z.number().int(),
  finished: z.boolean(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** A lesson in the course page's lesson list. */
export const lessonItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 1-based order in the course. */
  sort: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  /** Trial lessons are open to every logged-in user. */
  is_trial: z.boolean(),
  question_count: z.number().int(),
  /** Whether the current user may open it (false for visitors, except that a visitor sees trial lessons as true). */
  can_watch: z.boolean(),
  /** The current user's progress; null when not logged in or never opened. */
  progress: lessonProgressSchema.nullable(),
});
export type LessonItem = z.infer<typeof lessonItemSchema>;

/** The current user's relation to a course; null for visitors. */
export const courseMineSchema = z.object({
  liked: z.boolean(),
  favorited: z.boolean(),
  /** May watch every lesson (free course, member for a member course, bought a paid course). */
  has_access: z.boolean(),
  /** Opened at least one lesson. */
  started: z.boolean(),
  finished: z.boolean(),
  finished_lessons: z.number().int(),
  /** Lesson to continue with, null before the first one. */
  last_lesson_id: z.number().int().nullable(),
});
export type CourseMine = z.infer<typeof courseMineSchema>;

/** GET /coursepoolapi/course_pools/tower_show_course?id= */
export const showCourseQuerySchema = z.object({ id: idSchema(courseMessages.courseIdRequired) });
export const courseDetailSchema = courseCardSchema.extend({
  description: z.array(descriptionBlockSchema),
  teacher: teacherSchema,
  /** External URL of an outer_link course (opened by /train/outerlink/{courseId}); null for video courses. */
  outer_url: z.string().nullable(),
  lessons: z.array(lessonItemSchema),
  mine: courseMineSchema.nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** A lesson question as served to learners: never carries the answer. */
export const lessonQuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LESSON_QUESTION_KINDS),
  stem: z.string(),
  /** Options keyed A, B, C ... */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  /** The user's latest answer, null if not answered yet. */
  my_answer: z
    .object({
      /** Option keys chosen. */
      chosen: z.array(z.string()),
      correct: z.boolean(),
    })
    .nullable(),
});
export type LessonQuestion = z.infer<typeof lessonQuestionSchema>;

/** GET /coursepoolapi/course_pools/tower_show_lesson?id= (login required). */
export const showLessonQuerySchema = z.object({ id: idSchema(courseMessages.lessonIdRequired) });
/** A subtitle track of a lesson, for the player's <track> and the transcript beside the video. */
export const lessonSubtitleTrackSchema = z.object({
  /** BCP 47 language tag (the track's srclang). */
  lang: z.string(),
  /** The track's label, e.g. 中文. */
  label: z.string(),
  /** Same-origin WebVTT URL, signed and expiring like video_url (handed out only with the video). */
  url: z.string(),
});
export type LessonSubtitleTrack = z.infer<typeof lessonSubtitleTrackSchema>;

export const lessonDetailSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  sort: z.number().int(),
  duration: z.number().int(),
  is_trial: z.boolean(),
  /**
   * Same-origin URL of the MP4, served with HTTP Range. It is signed and expires after a few hours: fetch the
   * lesson again rather than storing it.
   */
  video_url: z.string(),
  /** Captions of the video (empty when the lesson has none); an HLS video also carries them as a rendition. */
  subtitles: z.array(lessonSubtitleTrackSchema),
  questions: z.array(lessonQuestionSchema),
  /** Progress of the current user (created when the lesson is first opened). */
  progress: lessonProgressSchema,
  prev_lesson_id: z.number().int().nullable(),
  next_lesson_id: z.number().int().nullable(),
  /** Fastest playback rate of the course; faster playback earns nothing extra. */
  max_playback_rate: z.number(),
  /** The presence check opening this lesson scheduled (学习确认). */
  presence: lessonPresenceSchema,
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** POST .../answer_lesson_question */
export const answerQuestionBodySchema = z.object({
  question_id: idSchema('请指定题目'),
  /** Chosen option keys; exactly one for a single-choice question. */
  answer: z.array(z.string().trim().min(1).max(4), { error: courseMessages.answerRequired }).min(1, courseMessages.answerRequired).max(10),
});
export type AnswerQuestionBody = z.input<typeof answerQuestionBodySchema>;
export const answerResultSchema = z.object({
  correct: z.boolean(),
  /** The correct option keys, sorted. */
  right_answer: z.array(z.string()),
  explanation: z.string(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

/** POST .../support (like) and .../favorite: toggles, or sets when `value` is given (idempotent). */
export const supportBodySchema = z.object({
  course_id: idSchema(courseMessages.courseIdRequired),
  /** true: like, false: unlike; omitted: toggle. */
  value: z.boolean().optional(),
});
export type SupportBody = z.input<typeof supportBodySchema>;
export const supportResultSchema = z.object({
  liked: z.boolean(),
  like_count: z.number().int(),
});
export type SupportResult = z.infer<typeof supportResultSchema>;

export const favoriteBodySchema = z.object({
  course_id: idSchema(courseMessages.courseIdRequired),
  /** true: favourite, false: remove; omitted: toggle. */
  value: z.boolean().optional(),
});
export type FavoriteBody = z.input<typeof favoriteBodySchema>;
export const favoriteResultSchema = z.object({
  favorited: z.boolean(),
  favorite_count: z.number().int(),
});
export type FavoriteResult = z.infer<typeof favoriteResultSchema>;

/** GET .../favorite_list: my favourites, most recent first. */
export const favoriteListQuerySchema = pageQuerySchema;
export const favoriteItemSchema = courseCardSchema.extend({
  /** ISO time it was favourited. */
  favorited_at: z.string(),
});
export const favoritePageSchema = pagedSchema(favoriteItemSchema);
export type FavoritePage = z.infer<typeof favoritePageSchema>;

/** POST .../outer_visit: records a visit of an outer-link course (token optional) and answers its external URL. */
export const outerVisitBodySchema = z.object({
  course_id: idSchema(courseMessages.courseIdRequired),
});
export type OuterVisitBody = z.input<typeof outerVisitBodySchema>;
export const outerVisitResultSchema = z.object({
  course_id: z.number().int(),
  /** The partner page to open. */
  outer_url: z.string(),
  /** Learners of the course after this visit (a logged-in user's first visit counts them). */
  learner_count: z.number().int(),
});
export type OuterVisitResult = z.infer<typeof outerVisitResultSchema>;
