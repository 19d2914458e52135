import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import {
  QA_ANSWER_MAX,
  QA_BODY_MAX,
  QA_CATEGORIES,
  QA_FOLLOW_UP_ANSWER_MAX,
  QA_FOLLOW_UP_MAX,
  QA_IMAGES_MAX,
  QA_REFERENCES_MAX,
  QA_SEARCH_MAX,
  QA_TAG_MAX,
  QA_TAGS_MAX,
  QA_TITLE_MAX,
  QA_TITLE_MIN,
  qaMessages as m,
  CONSULT_CHANNELS,
  CONSULT_DESCRIPTION_MAX,
  CONSULT_NOTE_MAX,
  CONSULT_PREFERRED_MAX,
  CONSULT_STATES,
  CONSULT_TOPIC_MAX,
  consultMessages as cm,
  QA_STATES,
} from './qa.rules';

// ---------------------------------------------------------------------------------------------------------------
// Fields

const trimmed = (required: string) => z.string({ error: required }).trim().min(1, required);

export const qaCategorySchema = z.enum(QA_CATEGORIES, { error: m.categoryRequired });
export const qaIdParamsSchema = z.object({ id: recordIdSchema(m.questionNotFound) });
export const qaExpertParamsSchema = z.object({ id: recordIdSchema(m.expertNotFound) });

// The states live with the rules (no zod), so a page can label them without the schemas.
export { QA_STATES, QA_STATE_LABELS, type QaState } from './qa.rules';

export const regulationReferenceSchema = z.object({
  title: trimmed(m.referenceTitleRequired).max(100, m.referenceTooLong),
  /** Document number, e.g. 财政部 税务总局公告2023年第13号. */
  doc_no: z.string().trim().max(60, m.referenceTooLong).default(''),
  url: z
    .string()
    .trim()
    .max(500, m.referenceTooLong)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), m.referenceUrlInvalid)
    .default(''),
});
export type RegulationReference = z.infer<typeof regulationReferenceSchema>;

/** A think-tank expert as shown beside an answer (from the content area's expert profiles). */
export const expertCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  organisation: z.string(),
  photo: z.string().nullable(),
  fields: z.array(z.string()),
  introduction: z.string(),
});
export type ExpertCard = z.infer<typeof expertCardSchema>;

/** An expert as the ask form shows them when a question is addressed to them. */
export const askableExpertSchema = expertCardSchema.extend({
  /** The profile is linked to an expert account that answers online questions. */
  answers_online: z.boolean(),
});
export type AskableExpert = z.infer<typeof askableExpertSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Public list and question page

export const QA_SORTS = ['newest', 'useful'] as const;
export const quizListQuerySchema = pageQuerySchema.extend({
  category: qaCategorySchema.optional(),
  tag: z.string().trim().max(QA_TAG_MAX).optional(),
  keyword: z.string().trim().max(QA_SEARCH_MAX, `搜索词不能超过${QA_SEARCH_MAX}个字`).optional(),
  sort: z.enum(QA_SORTS, { error: '排序方式不正确' }).default('newest'),
});
export type QuizListQuery = z.infer<typeof quizListQuerySchema>;

export const quizCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** First lines of the question. */
  excerpt: z.string(),
  asker: z.string(),
  expert_name: z.string().nullable(),
  useful_count: z.number().int(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
});
export type QuizCard = z.infer<typeof quizCardSchema>;
export const quizPageSchema = pagedSchema(quizCardSchema);
export type QuizPage = z.infer<typeof quizPageSchema>;

export const quizTagSchema = z.object({ name: z.string(), count: z.number().int() });
export type QuizTag = z.infer<typeof quizTagSchema>;

export const followUpSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  asked_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const quizAnswerSchema = z.object({
  /** Sanitised HTML (server allowlist). */
  html: z.string(),
  references: z.array(regulationReferenceSchema),
  answered_at: z.string(),
  expert: expertCardSchema.nullable(),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

export const quizDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  body: z.string(),
  images: z.array(z.string()),
  asker: z.string(),
  asked_at: z.string(),
  answer: quizAnswerSchema.nullable(),
  follow_ups: z.array(followUpSchema),
  useful_count: z.number().int(),
  /** The viewer already voted (false for visitors). */
  voted: z.boolean(),
  related: z.array(quizCardSchema),
});
export type QuizDetail = z.infer<typeof quizDetailSchema>;

export const similarQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .max(QA_TITLE_MAX + QA_BODY_MAX)
    .default(''),
});
export const voteResultSchema = z.object({ useful_count: z.number().int(), voted: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------
// Asking and my questions

export const quizQuotaSchema = z.object({
  is_member: z.boolean(),
  /** Null: no limit (members). */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  left: z.number().int().nullable(),
});
export type QuizQuota = z.infer<typeof quizQuotaSchema>;

export const quizImageSchema = z.object({ id: z.number().int(), url: z.string() });
export type QuizImage = z.infer<typeof quizImageSchema>;

export const askQuestionBodySchema = z.object({
  title: trimmed(m.titleRequired).min(QA_TITLE_MIN, m.titleTooShort).max(QA_TITLE_MAX, m.titleTooLong),
  category: qaCategorySchema,
  body: trimmed(m.bodyRequired).max(QA_BODY_MAX, m.bodyTooLong),
  image_ids: z
    .array(recordIdSchema(m.imageNotFound))
    .max(QA_IMAGES_MAX, m.imagesTooMany)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, m.imageNotFound),
  is_public: z.boolean({ error: '请选择是否公开' }).default(true),
  /** A think-tank expert's profile id, from the expert's page: they are offered the question first. */
  expert_id: recordIdSchema(m.expertNotFound).optional(),
});
export type AskQuestionBody = z.input<typeof askQuestionBodySchema>;

export const myQuestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  state: z.enum(QA_STATES),
  is_public: z.boolean(),
  hidden: z.boolean(),
  asked_at: z.string(),
  due_at: z.string(),
  answered_at: z.string().nullable(),
  rating: z.number().int().nullable(),
  /** Follow-ups waiting for the expert's reply. */
  open_follow_ups: z.number().int(),
});
export type MyQuestion = z.infer<typeof myQuestionSchema>;
export const myQuestionsQuerySchema = pageQuerySchema.extend({
  state: z.enum(QA_STATES, { error: '状态不正确' }).optional(),
});
export type MyQuestionsQuery = z.infer<typeof myQuestionsQuerySchema>;
export const myQuestionsPageSchema = pagedSchema(myQuestionSchema);
export type MyQuestionsPage = z.infer<typeof myQuestionsPageSchema>;

/** The asker's view of their own thread (/center/quizInfo). */
export const myThreadSchema = myQuestionSchema.extend({
  body: z.string(),
  images: z.array(z.string()),
  answer: quizAnswerSchema.nullable(),
  follow_ups: z.array(followUpSchema),
  follow_ups_left: z.number().int(),
  useful_count: z.number().int(),
});
export type MyThread = z.infer<typeof myThreadSchema>;

export const followUpBodySchema = z.object({
  content: trimmed(m.followUpRequired).max(QA_FOLLOW_UP_MAX, m.followUpTooLong),
});
export const rateBodySchema = z.object({
  rating: z.coerce
    .number({ error: m.ratingInvalid })
    .int(m.ratingInvalid)
    .min(1, m.ratingInvalid)
    .max(5, m.ratingInvalid),
});

// ---------------------------------------------------------------------------------------------------------------
// Expert workspace

export const expertMeSchema = z.object({
  /** Null: this account is not linked to an expert profile. */
  expert: expertCardSchema.nullable(),
  categories: z.array(z.string()),
});
export type ExpertMe = z.infer<typeof expertMeSchema>;

export const QA_QUEUE_SCOPES = ['open', 'mine', 'answered'] as const;
export const expertQueueQuerySchema = pageQuerySchema.extend({
  scope: z.enum(QA_QUEUE_SCOPES, { error: '范围不正确' }).default('open'),
});
export type ExpertQueueQuery = z.infer<typeof expertQueueQuerySchema>;

export const queueItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  state: z.enum(QA_STATES),
  asker: z.string(),
  is_member: z.boolean(),
  hidden: z.boolean(),
  asked_at: z.string(),
  due_at: z.string(),
  overdue: z.boolean(),
  claimed_by: z.string().nullable(),
  claimed_by_me: z.boolean(),
  /** Null while assigned by staff (no expiry) or unclaimed. */
  claim_expires_at: z.string().nullable(),
  open_follow_ups: z.number().int(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const queuePageSchema = pagedSchema(queueItemSchema);
export type QueuePage = z.infer<typeof queuePageSchema>;

export const expertQuestionSchema = queueItemSchema.extend({
  body: z.string(),
  images: z.array(z.string()),
  answer: quizAnswerSchema.nullable(),
  tags: z.array(z.string()),
  follow_ups: z.array(followUpSchema),
});
export type ExpertQuestion = z.infer<typeof expertQuestionSchema>;

export const claimResultSchema = z.object({ claim_expires_at: z.string() });

export const answerBodySchema = z.object({
  html: z.string({ error: m.answerRequired }).max(QA_ANSWER_MAX, m.answerTooLong),
  references: z.array(regulationReferenceSchema).max(QA_REFERENCES_MAX, m.referencesTooMany).default([]),
  tags: z
    .array(z.string().trim().min(1, m.tagInvalid).max(QA_TAG_MAX, m.tagInvalid))
    .max(QA_TAGS_MAX, m.tagsTooMany)
    .default([]),
});
export type AnswerBody = z.input<typeof answerBodySchema>;

export const followUpAnswerParamsSchema = z.object({ id: recordIdSchema(m.followUpNotFound) });
export const followUpAnswerBodySchema = z.object({
  content: trimmed(m.answerRequired).max(QA_FOLLOW_UP_ANSWER_MAX, m.answerTooLong),
});

// ---------------------------------------------------------------------------------------------------------------
// Staff

export const adminQueueQuerySchema = pageQuerySchema.extend({
  state: z.enum(QA_STATES, { error: '状态不正确' }).optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  keyword: z.string().trim().max(QA_SEARCH_MAX).optional(),
});
export type AdminQueueQuery = z.output<typeof adminQueueQuerySchema>;
export type AdminQueueParams = z.input<typeof adminQueueQuerySchema>;

export const assignBodySchema = z.object({ expert_id: recordIdSchema(m.expertNotFound) });
export const hideBodySchema = z.object({ hidden: z.boolean({ error: '请选择是否隐藏' }) });

export const adminExpertSchema = expertCardSchema.extend({
  /** Linked account phone, or null. */
  phone: z.string().nullable(),
  categories: z.array(z.string()),
  open_claims: z.number().int(),
  answered: z.number().int(),
});
export type AdminExpert = z.infer<typeof adminExpertSchema>;

export const linkExpertBodySchema = z.object({
  /** Empty: unlink the profile from its account. */
  phone: z
    .string()
    .trim()
    .regex(/^(1[2-9]\d{9})?$/, '手机号格式不正确'),
  categories: z.array(qaCategorySchema).default([]),
});
export type LinkExpertBody = z.input<typeof linkExpertBodySchema>;

export const qaStatsSchema = z.object({
  /** China-time month, yyyy-MM. */
  month: z.string(),
  /** Member questions asked this month whose due time has passed or that were answered. */
  member_questions_due: z.number().int(),
  member_answered_in_time: z.number().int(),
  /** 0..1, null when no member question has fallen due yet this month. */
  in_time_share: z.number().nullable(),
  waiting: z.number().int(),
  overdue: z.number().int(),
  /** Years the work calendar has no holiday data for (this year and next): due times count weekends only. */
  missing_calendar_years: z.array(z.number().int()),
});
export type QaStats = z.infer<typeof qaStatsSchema>;

export const HOLIDAY_KINDS = ['holiday', 'workday'] as const;
export const holidaySchema = z.object({
  date: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  name: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;
export const holidaysQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const holidayBodySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.holidayDateInvalid),
  kind: z.enum(HOLIDAY_KINDS, { error: '请选择放假或调休上班' }),
  name: z.string().trim().max(20, m.holidayNameTooLong).default(''),
});
export type HolidayBody = z.input<typeof holidayBodySchema>;
export const holidayDateParamsSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.holidayDateInvalid),
});
export const calendarYearSchema = z.object({
  year: z.number().int(),
  /** Where the year's data comes from: the package, staff's entries, both, or none (weekends only). */
  source: z.enum(['package', 'staff', 'package+staff', 'none']),
  entries: z.array(holidaySchema),
});
export type CalendarYear = z.infer<typeof calendarYearSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Finance consulting

export const consultationBodySchema = z.object({
  topic: z
    .string({ error: cm.topicRequired })
    .trim()
    .min(1, cm.topicRequired)
    .max(CONSULT_TOPIC_MAX, cm.topicTooLong),
  description: z
    .string({ error: cm.descriptionRequired })
    .trim()
    .min(1, cm.descriptionRequired)
    .max(CONSULT_DESCRIPTION_MAX, cm.descriptionTooLong),
  preferred_time: z
    .string({ error: cm.preferredRequired })
    .trim()
    .min(1, cm.preferredRequired)
    .max(CONSULT_PREFERRED_MAX, cm.preferredTooLong),
  contact_name: z
    .string({ error: cm.contactNameRequired })
    .trim()
    .min(1, cm.contactNameRequired)
    .max(20, cm.contactNameTooLong),
  contact_phone: z
    .string({ error: cm.contactPhoneRequired })
    .trim()
    .min(1, cm.contactPhoneRequired)
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, cm.contactPhoneInvalid),
});
export type ConsultationBody = z.input<typeof consultationBodySchema>;

export const consultationSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  description: z.string(),
  preferred_time: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  state: z.enum(CONSULT_STATES),
  expert: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  channel: z.string().nullable(),
  channel_note: z.string(),
  cancel_reason: z.string(),
  created_at: z.string(),
  /** Who asked (staff and expert views): the account's name. */
  requester: z.string(),
});
export type Consultation = z.infer<typeof consultationSchema>;
export const consultationsQuerySchema = pageQuerySchema.extend({
  state: z.enum(CONSULT_STATES, { error: '状态不正确' }).optional(),
});
export type ConsultationsQuery = z.infer<typeof consultationsQuerySchema>;
export const consultationsPageSchema = pagedSchema(consultationSchema);
export type ConsultationsPage = z.infer<typeof consultationsPageSchema>;

export const scheduleConsultationBodySchema = z.object({
  expert_id: recordIdSchema(m.expertNotFound),
  scheduled_at: z.iso.datetime({ offset: true, error: cm.scheduleTimeRequired }),
  channel: z.enum(CONSULT_CHANNELS, { error: cm.channelRequired }),
  channel_note: z.string().trim().max(CONSULT_NOTE_MAX, cm.noteTooLong).default(''),
});
export type ScheduleConsultationBody = z.input<typeof scheduleConsultationBodySchema>;
export const cancelConsultationBodySchema = z.object({
  reason: z.string().trim().max(CONSULT_NOTE_MAX, cm.noteTooLong).default(''),
});
