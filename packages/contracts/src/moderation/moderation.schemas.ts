import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import {
  HIDE_REASON_MAX_LENGTH,
  MODERATION_KINDS,
  MODERATION_STATES,
  MODERATION_WORD_MAX_LENGTH,
  MODERATION_WORDS_MAX,
  moderationMessages as m,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
} from './moderation.rules';

export const moderationKindSchema = z.enum(MODERATION_KINDS, { error: m.kindInvalid });
export const moderationStateSchema = z.enum(MODERATION_STATES);

/** POST /api/moderation/reports (login): one report per user and item; the reason from REPORT_REASONS. */
export const reportBodySchema = z.object({
  kind: moderationKindSchema,
  id: recordIdSchema(m.idInvalid),
  reason: z.enum(REPORT_REASONS, { error: m.reasonInvalid }),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, m.noteTooLong).default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const moderationItemSchema = z.object({
  id: z.number().int(),
  kind: moderationKindSchema,
  /** The id of the comment, question or chat message. */
  source_id: z.number().int(),
  state: moderationStateSchema,
  /** The text as it was when flagged or last reported (plain text). */
  text: z.string(),
  /** Where it was posted, e.g. 课程《…》. */
  context: z.string(),
  /** Site path where the item is shown (null for live chat, which has no lasting page). */
  link: z.string().nullable(),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** Words of the sensitive-word filter found in the text (library list and staff's extra words). */
  flagged_words: z.array(z.string()),
  report_count: z.number().int(),
  /** Reports by reason, most first. */
  reports: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  hide_reason: z.string().nullable(),
  handled_by: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQuerySchema = pageQuerySchema.extend({
  state: moderationStateSchema.default('pending'),
  kind: moderationKindSchema.optional(),
});
export type ModerationQuery = z.input<typeof moderationQuerySchema>;

export const moderationPageSchema = pagedSchema(moderationItemSchema).extend({
  /** Items per state (with the kind filter), for the tabs. */
  counts: z.object({ pending: z.number().int(), hidden: z.number().int(), restored: z.number().int() }),
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;

export const moderationIdParamsSchema = z.object({ id: recordIdSchema(m.itemNotFound) });

export const moderationHideBodySchema = z.object({
  reason: z
    .string({ error: m.hideReasonRequired })
    .trim()
    .min(1, m.hideReasonRequired)
    .max(HIDE_REASON_MAX_LENGTH, m.hideReasonTooLong),
});
export type ModerationHideBody = z.input<typeof moderationHideBodySchema>;

const wordSchema = z.string().trim().min(1, m.wordEmpty).max(MODERATION_WORD_MAX_LENGTH, m.wordTooLong);
const wordListSchema = z
  .array(wordSchema)
  .max(MODERATION_WORDS_MAX, m.wordsTooMany)
  .transform((ws) => [...new Set(ws)]);

/** PUT /api/admin/moderation/words: staff's extra sensitive words and allowed (never flagged) words. */
export const moderationWordsBodySchema = z
  .object({ blocked: wordListSchema, allowed: wordListSchema })
  .superRefine((b, ctx) => {
    const allowed = new Set(b.allowed.map((w) => w.toLowerCase()));
    const both = b.blocked.find((w) => allowed.has(w.toLowerCase()));
    if (both) ctx.addIssue({ code: 'custom', message: m.wordBothLists(both), path: ['allowed'] });
  });
export type ModerationWordsBody = z.input<typeof moderationWordsBodySchema>;

export const moderationWordsSchema = z.object({
  blocked: z.array(z.string()),
  allowed: z.array(z.string()),
  /** The built-in word list that is always applied: how many words it holds. */
  library: z.object({ word_count: z.number().int() }),
});
export type ModerationWords = z.infer<typeof moderationWordsSchema>;
