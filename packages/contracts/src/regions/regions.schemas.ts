import { z } from 'zod';
import { LEARNING_BASES } from '../common/dictionaries';
import { recordIdSchema } from '../common/ids';
import { pageQuerySchema, pagedSchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import {
  BASE_MANAGER_CONTACT_MAX,
  BASE_MANAGER_ORG_MAX,
  BASE_MANAGER_QUALIFICATIONS_MAX,
  BASE_MANAGER_QUALIFICATIONS_MIN,
  BASE_MANAGER_REASON_MAX,
  BASE_MANAGER_STATUSES,
  regionsMessages as m,
} from './regions.rules';

/** Sub-domain code of one of the six learning bases (LEARNING_BASES: henan, hebei, jilin, guizhou, ningbo, guangxi). */
export const learningBaseCodeSchema = z
  .string({ error: m.regionRequired })
  .trim()
  .min(1, m.regionRequired)
  .refine((v) => Object.prototype.hasOwnProperty.call(LEARNING_BASES, v), m.regionUnknown);

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * The text fields of `POST /api/apply_xx_manager` (multipart/form-data, beside the optional file `file`). The
 * phone is SPEC §5's rule.
 */
export const applyBaseManagerFieldsSchema = z.object({
  organisation: requiredText(m.orgRequired, BASE_MANAGER_ORG_MAX, m.orgTooLong),
  region: learningBaseCodeSchema,
  contact: requiredText(m.contactRequired, BASE_MANAGER_CONTACT_MAX, m.contactTooLong),
  phone: phoneSchema,
  qualifications: z
    .string({ error: m.qualificationsRequired })
    .trim()
    .min(1, m.qualificationsRequired)
    .min(BASE_MANAGER_QUALIFICATIONS_MIN, m.qualificationsTooShort)
    .max(BASE_MANAGER_QUALIFICATIONS_MAX, m.qualificationsTooLong),
});
export type ApplyBaseManagerFields = z.input<typeof applyBaseManagerFieldsSchema>;

export const baseManagerStatusSchema = z.enum(BASE_MANAGER_STATUSES);

/** The attachment as its applicant and staff see it (the file itself is served to staff only). */
export const baseManagerAttachmentSchema = z.object({
  /** The uploader's file name, for display only. */
  file_name: z.string(),
  /** The stored type: application/pdf, or image/webp for a scan (images are re-encoded). */
  mime: z.string(),
  size: z.number().int(),
});

/** An application as its applicant sees it (GET /api/apply_xx_manager). */
export const baseManagerApplicationSchema = z.object({
  id: z.number().int(),
  organisation: z.string(),
  /** Sub-domain code of the base applied for. */
  region: z.string(),
  /** 河南学习基地 ... */
  base_name: z.string(),
  contact: z.string(),
  phone: z.string(),
  qualifications: z.string(),
  attachment: baseManagerAttachmentSchema.nullable(),
  status: baseManagerStatusSchema,
  status_label: z.string(),
  /** Staff's reason (a rejection) or note (an approval); null while pending. */
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type BaseManagerApplication = z.infer<typeof baseManagerApplicationSchema>;

/** The staff view: the application, who sent it and who answered it. */
export const adminBaseManagerApplicationSchema = baseManagerApplicationSchema.extend({
  applicant: z.object({
    id: z.number().int(),
    /** The account's login phone (the form's phone may differ). */
    phone: z.string(),
    /** Real name, else nickname, else null. */
    name: z.string().nullable(),
  }),
  /** Staff-only address of the attachment's file (null without one). */
  attachment_url: z.string().nullable(),
  /** Nickname or phone of the staff member who answered. */
  reviewed_by: z.string().nullable(),
});
export type AdminBaseManagerApplication = z.infer<typeof adminBaseManagerApplicationSchema>;
export const adminBaseManagerPageSchema = pagedSchema(adminBaseManagerApplicationSchema);

export const adminBaseManagerQuerySchema = pageQuerySchema.extend({
  status: z.enum([...BASE_MANAGER_STATUSES, 'all']).default('pending'),
  region: learningBaseCodeSchema.optional(),
});
export type AdminBaseManagerQuery = z.input<typeof adminBaseManagerQuerySchema>;

export const baseManagerIdParamsSchema = z.object({ id: recordIdSchema(m.notFound) });

/** Staff's answer: approve (an optional note for the applicant) or reject with a reason, which is required. */
export const reviewBaseManagerBodySchema = z
  .object({
    approve: z.boolean({ error: m.reviewRequired }),
    reason: z.string().trim().max(BASE_MANAGER_REASON_MAX, m.reasonTooLong).optional(),
  })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], message: m.reasonRequired });
export type ReviewBaseManagerBody = z.input<typeof reviewBaseManagerBodySchema>;
