import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import {
  STANDARD_CHANGE_NOTE_MAX,
  STANDARD_DOC_NUMBER_MAX,
  STANDARD_ISSUER_MAX,
  STANDARD_KINDS,
  STANDARD_NAME_MAX,
  STANDARD_TARGETS,
  standardsMessages as m,
} from './standards.rules';

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

// ---- staff: the standard itself -------------------------------------------------------------------------------------

/** A standard as staff write it (new or edited). */
export const standardBodySchema = z.object({
  kind: z.enum(STANDARD_KINDS, { error: m.kindRequired }),
  /** 企业会计准则第14号——收入, 个人所得税综合所得年度汇算政策 ... (without 《》). */
  name: requiredText(m.nameRequired, STANDARD_NAME_MAX, m.nameTooLong),
  /** 发布机关: 财政部, 国家税务总局 ... */
  issuer: requiredText(m.issuerRequired, STANDARD_ISSUER_MAX, m.issuerTooLong),
  /** 文号, e.g. 财会〔2017〕22号; empty or missing: none. */
  doc_number: z
    .string({ error: m.docNumberTooLong })
    .trim()
    .max(STANDARD_DOC_NUMBER_MAX, m.docNumberTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type StandardBody = z.input<typeof standardBodySchema>;

export const standardIdParamsSchema = z.object({ id: recordIdSchema(m.notFound) });
export const standardLinkParamsSchema = z.object({ id: recordIdSchema(m.notFound), linkId: recordIdSchema(m.linkNotFound) });

/** Links a course or an exam type (exactly one of the two) to the standard. */
export const standardLinkBodySchema = z
  .object({
    course_id: recordIdSchema(m.courseNotFound).nullish(),
    exam_type_id: recordIdSchema(m.examTypeNotFound).nullish(),
  })
  .superRefine((v, ctx) => {
    if ((v.course_id == null) === (v.exam_type_id == null))
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: m.targetRequired });
  });
export type StandardLinkBody = z.input<typeof standardLinkBodySchema>;

/** A change of the standard: when, and what changed (told to learners and shown on the public pages). */
export const standardChangeBodySchema = z.object({
  changed_on: z.iso.date({ error: m.changedOnInvalid }),
  note: requiredText(m.noteRequired, STANDARD_CHANGE_NOTE_MAX, m.noteTooLong),
});
export type StandardChangeBody = z.input<typeof standardChangeBodySchema>;

// ---- staff: what the screen shows -----------------------------------------------------------------------------------

export const standardLinkSchema = z.object({
  id: z.number().int(),
  target: z.enum(STANDARD_TARGETS),
  /** The course's or the exam type's id. */
  target_id: z.number().int(),
  /** The course's title or the exam type's name. */
  title: z.string(),
  /** The course is published / the exam type exists (an exam type always does). */
  published: z.boolean(),
  /** A change was recorded after the content was last brought up to date: the public page shows the notice. */
  outdated: z.boolean(),
  /** When staff last marked the content as updated for a change; null if never. */
  updated_at: z.string().nullable(),
});
export type StandardLink = z.infer<typeof standardLinkSchema>;

export const standardChangeSchema = z.object({
  id: z.number().int(),
  changed_on: z.string(),
  note: z.string(),
  recorded_at: z.string(),
  /** Staff member who recorded it (phone); null for seeded rows. */
  recorded_by: z.string().nullable(),
  /** Learners and holders who will be told, counted when the change was recorded (each person once). */
  audience: z.number().int(),
  /** Messages sent so far. */
  sent: z.number().int(),
  /** Every message of the change has been sent. */
  delivered: z.boolean(),
});
export type StandardChange = z.infer<typeof standardChangeSchema>;

export const adminStandardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STANDARD_KINDS),
  name: z.string(),
  issuer: z.string(),
  doc_number: z.string().nullable(),
  links: z.array(standardLinkSchema),
  /** Newest first. */
  changes: z.array(standardChangeSchema),
  updated_at: z.string(),
});
export type AdminStandard = z.infer<typeof adminStandardSchema>;

/** Who a change recorded now would tell: learners who finished a linked course, holders of a valid certificate. */
export const standardAudienceSchema = z.object({
  finishers: z.number().int(),
  holders: z.number().int(),
  /** Distinct people: one who both finished a course and holds a certificate is told once. */
  total: z.number().int(),
});
export type StandardAudience = z.infer<typeof standardAudienceSchema>;

export const recordedChangeSchema = z.object({ standard: adminStandardSchema, audience: standardAudienceSchema });
export type RecordedChange = z.infer<typeof recordedChangeSchema>;

/** What staff may link: every course (published or not) and every exam type. */
export const standardTargetsSchema = z.object({
  courses: z.array(z.object({ id: z.number().int(), title: z.string(), published: z.boolean() })),
  exam_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StandardTargets = z.infer<typeof standardTargetsSchema>;

// ---- public: the notice on a course page or an exam notice ----------------------------------------------------------

/** `?course_id=` of a course page or `?exam_type=` (the URL key of /examNotice/{type_name}); exactly one. */
export const standardNoticesQuerySchema = z
  .object({
    course_id: recordIdSchema(m.courseNotFound).optional(),
    exam_type: z.string({ error: m.examTypeNotFound }).trim().min(1, m.examTypeNotFound).max(80, m.examTypeNotFound).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.course_id === undefined) === (v.exam_type === undefined))
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: m.noticeQueryRequired });
  });
export type StandardNoticesQuery = z.input<typeof standardNoticesQuerySchema>;

export const standardNoticeSchema = z.object({
  /** The change's id (a stable key). */
  id: z.number().int(),
  kind: z.enum(STANDARD_KINDS),
  name: z.string(),
  changed_on: z.string(),
  note: z.string(),
});
export type StandardNotice = z.infer<typeof standardNoticeSchema>;

/** The changes the course or exam has not been updated for, newest first; empty: no notice. */
export const standardNoticesSchema = z.object({ items: z.array(standardNoticeSchema) });
export type StandardNotices = z.infer<typeof standardNoticesSchema>;
