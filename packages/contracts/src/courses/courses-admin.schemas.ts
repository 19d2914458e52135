import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_IMAGE_URL_PREFIX,
  COURSE_PRICE_MAX_FEN,
  COURSE_SUMMARY_MAX,
  COURSE_TAGS_MAX,
  COURSE_TITLE_MAX,
  LESSON_TITLE_MAX,
  QUESTION_EXPLANATION_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  QUESTION_OPTION_MAX,
  QUESTION_STEM_MAX,
  TAG_NAME_MAX,
  TEACHER_INTRO_MAX,
  TEACHER_NAME_MAX,
  TEACHER_TITLE_MAX,
  VIDEO_JOB_STATUSES,
  VIDEO_UPLOAD_MAX_BYTES,
  courseAdminMessages as m,
} from './courses-admin.rules';
import { COURSE_KINDS, COURSE_PRICE_TYPES, LESSON_QUESTION_KINDS } from './courses.rules';
import { COURSE_MAX_RATES, PRESENCE_MINUTES_MAX, PRESENCE_MINUTES_MIN } from '../learning/learning.rules';

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const adminIdParamsSchema = z.object({ id: recordIdSchema('记录不存在') });

/** An image stored by POST /api/admin/course_images, or a demo picture of the catalogue. */
const imageUrlSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => v.startsWith(COURSE_IMAGE_URL_PREFIX) || v.startsWith('/media/art/'), m.coverInvalid);

// ---- tags ----

export const adminTagSchema = z.object({
  id: z.number().int(),
  /** null: a top-level tag. */
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  /** Courses (published or not) carrying the tag or one of its second-level tags, each course counted once. */
  course_count: z.number().int(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;
export const adminTagListSchema = z.array(adminTagSchema);

export const tagBodySchema = z.object({
  name: text(m.tagNameRequired, TAG_NAME_MAX, m.tagNameTooLong),
  /** A top-level tag's id for a second-level tag; null or omitted for a top-level tag. */
  parent_id: recordIdSchema(m.tagParentInvalid).nullable().optional(),
  sort: z.coerce.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0).max(9999).default(0),
});
export type TagBody = z.input<typeof tagBodySchema>;

// ---- teachers ----

export const adminTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  photo: z.string(),
  intro: z.string(),
  course_count: z.number().int(),
});
export type AdminTeacher = z.infer<typeof adminTeacherSchema>;
export const adminTeacherListSchema = z.array(adminTeacherSchema);

export const teacherBodySchema = z.object({
  name: text(m.teacherNameRequired, TEACHER_NAME_MAX, m.teacherNameTooLong),
  title: text(m.teacherTitleRequired, TEACHER_TITLE_MAX, m.teacherTitleTooLong),
  photo: imageUrlSchema(m.teacherPhotoRequired),
  intro: z.string().trim().max(TEACHER_INTRO_MAX, m.teacherIntroTooLong).default(''),
});
export type TeacherBody = z.input<typeof teacherBodySchema>;

// ---- courses ----

export const adminCourseListQuerySchema = pageQuerySchema.extend({
  /** Substring of the title. */
  keyword: z.string().trim().max(50, '搜索关键词不能超过50个字').optional(),
  /** published | draft; omitted: both. */
  state: z.enum(['published', 'draft'], { error: '状态不正确' }).optional(),
});
export type AdminCourseListQuery = z.input<typeof adminCourseListQuerySchema>;

export const adminCourseRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  teacher_name: z.string(),
  kind: z.enum(COURSE_KINDS),
  price_type: z.enum(COURSE_PRICE_TYPES),
  /** Fen. */
  price: z.number().int(),
  /** Fen; 0 unless paid. */
  member_price: z.number().int(),
  lesson_count: z.number().int(),
  learner_count: z.number().int(),
  published: z.boolean(),
  /** ISO time. */
  updated_at: z.string(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRowSchema>;
export const adminCoursePageSchema = pagedSchema(adminCourseRowSchema);
export type AdminCoursePage = z.infer<typeof adminCoursePageSchema>;

/** The latest transcoding job of a lesson's video. */
export const videoJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(VIDEO_JOB_STATUSES),
  /** 0-100. */
  progress: z.number().int(),
  /** ffmpeg's reason when failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** ISO time. */
  updated_at: z.string(),
});
export type VideoJob = z.infer<typeof videoJobSchema>;

/** A lesson's subtitles as staff see them (the WebVTT text itself stays on the server). */
export const adminLessonSubtitleSchema = z.object({
  lesson_id: z.number().int(),
  /** BCP 47 language tag, e.g. zh-CN. */
  lang: z.string(),
  /** The name the player shows, e.g. 中文. */
  label: z.string(),
  cue_count: z.number().int(),
  /** The uploaded file's name. */
  source_name: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminLessonSubtitle = z.infer<typeof adminLessonSubtitleSchema>;
export const adminLessonSubtitleListSchema = z.array(adminLessonSubtitleSchema);

export const adminLessonSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  title: z.string(),
  is_trial: z.boolean(),
  /** Seconds, measured by ffprobe; 0 before the first video is ready. */
  duration: z.number().int(),
  /** The lesson has a playable video (learners see this one while a new upload is transcoded). */
  video_ready: z.boolean(),
  /** Signed poster frame URL of the current video, when it has one. */
  poster_url: z.string().nullable(),
  /** Signed URL of the current video (HLS playlist or MP4), for the staff preview. */
  video_url: z.string().nullable(),
  video_job: videoJobSchema.nullable(),
  question_count: z.number().int(),
  /** The lesson's subtitles (one language today), empty when it has none. */
  subtitles: adminLessonSubtitleListSchema,
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const adminCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  /** Sanitised HTML of the description (older plain blocks converted). */
  description_html: z.string(),
  teacher_id: z.number().int(),
  tag_ids: z.array(z.number().int()),
  kind: z.enum(COURSE_KINDS),
  outer_url: z.string().nullable(),
  price_type: z.enum(COURSE_PRICE_TYPES),
  price: z.number().int(),
  /** Fen; null: the default member discount (MEMBER_COURSE_DISCOUNT_PERCENT). */
  member_price: z.number().int().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  learner_count: z.number().int(),
  /** Presence checks every min-max minutes (学习确认); both null: the default (PRESENCE_DEFAULT_*). */
  presence_min_minutes: z.number().int().nullable(),
  presence_max_minutes: z.number().int().nullable(),
  /** Fastest playback rate learners may use and be credited for; null: MAX_PLAYBACK_RATE. */
  max_playback_rate: z.number().nullable(),
  lessons: z.array(adminLessonSchema),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

const feeSchema = z
  .number({ error: m.priceInvalid })
  .int(m.priceInvalid)
  .min(0, m.priceInvalid)
  .max(COURSE_PRICE_MAX_FEN, m.priceInvalid);

const presenceMinutesSchema = z
  .number({ error: m.presenceMinutesInvalid })
  .int(m.presenceMinutesInvalid)
  .min(PRESENCE_MINUTES_MIN, m.presenceMinutesInvalid)
  .max(PRESENCE_MINUTES_MAX, m.presenceMinutesInvalid);

export const courseBodySchema = z
  .object({
    title: text(m.titleRequired, COURSE_TITLE_MAX, m.titleTooLong),
    summary: text(m.summaryRequired, COURSE_SUMMARY_MAX, m.summaryTooLong),
    /** HTML from the editor; the server keeps only the allowed tags. */
    description_html: z.string().max(COURSE_DESCRIPTION_MAX, m.descriptionTooLong).default(''),
    cover: imageUrlSchema(m.coverRequired),
    teacher_id: recordIdSchema(m.teacherRequired),
    tag_ids: z
      .array(recordIdSchema(m.tagInvalid), { error: m.tagsRequired })
      .min(1, m.tagsRequired)
      .max(COURSE_TAGS_MAX, m.tagsTooMany),
    kind: z.enum(COURSE_KINDS, { error: m.kindRequired }),
    outer_url: z.string().trim().max(500).nullable().optional(),
    price_type: z.enum(COURSE_PRICE_TYPES, { error: m.priceTypeRequired }),
    /** Fen. */
    price: feeSchema.default(0),
    /** Fen; null or omitted: the default member discount. */
    member_price: feeSchema.nullable().optional(),
    /** Presence checks every min-max minutes; both null or omitted: the default interval. */
    presence_min_minutes: presenceMinutesSchema.nullable().optional(),
    presence_max_minutes: presenceMinutesSchema.nullable().optional(),
    /** One of COURSE_MAX_RATES; null or omitted: MAX_PLAYBACK_RATE. */
    max_playback_rate: z
      .number({ error: m.maxRateInvalid })
      .refine((r) => (COURSE_MAX_RATES as readonly number[]).includes(r), m.maxRateInvalid)
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const lo = b.presence_min_minutes ?? null;
    const hi = b.presence_max_minutes ?? null;
    if ((lo === null) !== (hi === null)) {
      ctx.addIssue({ code: 'custom', path: [lo === null ? 'presence_min_minutes' : 'presence_max_minutes'], message: m.presenceBoth });
    } else if (lo !== null && hi !== null && lo > hi) {
      ctx.addIssue({ code: 'custom', path: ['presence_max_minutes'], message: m.presenceOrder });
    }
    if (b.kind === 'outer_link' && !/^https?:\/\/[^\s]+$/i.test(b.outer_url ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['outer_url'], message: m.outerUrlRequired });
    }
    if (b.price_type === 'paid') {
      if (b.price <= 0) ctx.addIssue({ code: 'custom', path: ['price'], message: m.priceRequired });
      else if (b.member_price != null && b.member_price > b.price) {
        ctx.addIssue({ code: 'custom', path: ['member_price'], message: m.memberPriceTooHigh });
      }
    } else if (b.price > 0 || (b.member_price ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: m.priceNotPaid });
    }
  });
export type CourseBody = z.input<typeof courseBodySchema>;

// ---- lessons ----

export const lessonCreateBodySchema = z.object({
  course_id: recordIdSchema(m.courseNotFound),
  title: text(m.lessonTitleRequired, LESSON_TITLE_MAX, m.lessonTitleTooLong),
  is_trial: z.boolean().default(false),
});
export type LessonCreateBody = z.input<typeof lessonCreateBodySchema>;

export const lessonUpdateBodySchema = z.object({
  title: text(m.lessonTitleRequired, LESSON_TITLE_MAX, m.lessonTitleTooLong),
  is_trial: z.boolean(),
});
export type LessonUpdateBody = z.input<typeof lessonUpdateBodySchema>;

export const lessonReorderBodySchema = z.object({
  /** Every lesson id of the course, in the new order. */
  lesson_ids: z.array(recordIdSchema(m.lessonNotFound)).min(1, m.reorderMismatch).max(500),
});
export type LessonReorderBody = z.input<typeof lessonReorderBodySchema>;

// ---- lesson questions ----

export const adminQuestionSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  sort: z.number().int(),
  kind: z.enum(LESSON_QUESTION_KINDS),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  /** Correct option keys, sorted. */
  answer: z.array(z.string()),
  explanation: z.string(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionListSchema = z.array(adminQuestionSchema);
export const adminQuestionQuerySchema = z.object({ lesson_id: recordIdSchema(m.lessonNotFound) });

export const lessonQuestionBodySchema = z
  .object({
    kind: z.enum(LESSON_QUESTION_KINDS, { error: '请选择题型' }),
    stem: text(m.stemRequired, QUESTION_STEM_MAX, m.stemTooLong),
    /** Option texts in order; keys A, B, C ... are given by position. */
    options: z
      .array(z.string({ error: m.optionRequired }).trim().min(1, m.optionRequired).max(QUESTION_OPTION_MAX, m.optionTooLong), {
        error: m.optionsCount,
      })
      .min(QUESTION_OPTIONS_MIN, m.optionsCount)
      .max(QUESTION_OPTIONS_MAX, m.optionsCount),
    /** Correct option keys (A, B ...). */
    answer: z.array(z.string(), { error: m.answerRequired }).min(1, m.answerRequired),
    explanation: z.string().trim().max(QUESTION_EXPLANATION_MAX, m.explanationTooLong).default(''),
  })
  .superRefine((b, ctx) => {
    const keys = b.options.map((_, i) => String.fromCharCode(65 + i));
    if (b.answer.some((a) => !keys.includes(a)) || new Set(b.answer).size !== b.answer.length) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: m.answerNotOption });
    } else if (b.kind === 'single' && b.answer.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: m.singleOneAnswer });
    } else if (b.kind === 'multiple' && b.answer.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: m.multipleTwoAnswers });
    }
  });
export type LessonQuestionBody = z.input<typeof lessonQuestionBodySchema>;
export const lessonQuestionCreateBodySchema = z.intersection(
  z.object({ lesson_id: recordIdSchema(m.lessonNotFound) }),
  lessonQuestionBodySchema,
);
export type LessonQuestionCreateBody = z.input<typeof lessonQuestionCreateBodySchema>;

// ---- images and video uploads ----

export const courseImageSchema = z.object({ url: z.string() });

export const uploadCreateBodySchema = z.object({
  lesson_id: recordIdSchema(m.lessonNotFound),
  file_name: z.string({ error: m.uploadFileNameRequired }).trim().min(1, m.uploadFileNameRequired).max(255),
  /** Bytes of the whole file. */
  size: z
    .number({ error: m.uploadSizeInvalid })
    .int(m.uploadSizeInvalid)
    .positive(m.uploadSizeInvalid)
    .max(VIDEO_UPLOAD_MAX_BYTES, m.uploadTooLarge),
});
export type UploadCreateBody = z.input<typeof uploadCreateBodySchema>;

export const uploadStateSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  size: z.number().int(),
  /** Bytes received and verified: the next chunk must start here. */
  offset: z.number().int(),
  /** Largest chunk the server takes. */
  chunk_size: z.number().int(),
  status: z.enum(['uploading', 'complete', 'failed']),
  /** The transcoding job, once the last chunk arrived. */
  job: videoJobSchema.nullable(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;
