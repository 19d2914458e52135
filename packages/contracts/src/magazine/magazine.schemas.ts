import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import {
  MAGAZINE_SUMMARY_MAX,
  MAGAZINE_TITLE_MAX,
  MAGAZINE_TOC_MAX,
  MAGAZINE_TOC_TITLE_MAX,
  magazineMessages as m,
} from './magazine.rules';

export const magazineIdParamsSchema = z.object({ id: recordIdSchema(m.notFound) });

export const tocEntrySchema = z.object({
  title: z.string({ error: m.tocTitleRequired }).trim().min(1, m.tocTitleRequired).max(MAGAZINE_TOC_TITLE_MAX, m.tocTitleTooLong),
  page: z.coerce.number({ error: m.tocPageInvalid }).int(m.tocPageInvalid).min(1, m.tocPageInvalid).max(9999, m.tocPageInvalid),
});
export type TocEntry = z.infer<typeof tocEntrySchema>;

/** An issue as a card of the list. `readable`: the viewer may open it (members: all; others: the latest, as a sample). */
export const magazineCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  issue_no: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  summary: z.string(),
  cover_url: z.string(),
  page_count: z.number().int(),
  published_at: z.string().nullable(),
  readable: z.enum(['full', 'sample', 'none']),
});
export type MagazineCard = z.infer<typeof magazineCardSchema>;

export const magazineListQuerySchema = z.object({
  year: z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid).optional(),
});
export const magazineListSchema = z.object({
  years: z.array(z.number().int()),
  year: z.number().int().nullable(),
  is_member: z.boolean(),
  latest_id: z.number().int().nullable(),
  sample_pages: z.number().int(),
  issues: z.array(magazineCardSchema),
});
export type MagazineList = z.infer<typeof magazineListSchema>;

/** What the reader needs: the signed PDF URL (the full issue, or the sample holding only its first pages). */
export const magazineReadSchema = magazineCardSchema.extend({
  toc: z.array(tocEntrySchema),
  pdf_url: z.string(),
  pdf_pages: z.number().int(),
  last_page: z.number().int(),
});
export type MagazineRead = z.infer<typeof magazineReadSchema>;

export const magazineProgressBodySchema = z.object({
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(9999, m.pageInvalid),
});
export const magazineProgressSchema = z.object({ last_page: z.number().int() });

// ---- staff ----------------------------------------------------------------------------------------------------

export const adminMagazineSchema = magazineCardSchema.omit({ readable: true }).extend({
  toc: z.array(tocEntrySchema),
  file_bytes: z.number().int(),
});
export type AdminMagazine = z.infer<typeof adminMagazineSchema>;
export const adminMagazineListSchema = z.object({ items: z.array(adminMagazineSchema) });

/** Fields of the upload form (multipart, next to the `file` part). */
export const magazineUploadFieldsSchema = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(MAGAZINE_TITLE_MAX, m.titleTooLong),
  issue_no: z.coerce.number({ error: m.issueNoInvalid }).int(m.issueNoInvalid).min(1, m.issueNoInvalid).max(999, m.issueNoInvalid),
  year: z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid),
  month: z.coerce.number({ error: m.monthInvalid }).int(m.monthInvalid).min(1, m.monthInvalid).max(12, m.monthInvalid),
  summary: z.string().trim().max(MAGAZINE_SUMMARY_MAX, m.summaryTooLong).default(''),
});
export type MagazineUploadFields = z.infer<typeof magazineUploadFieldsSchema>;

export const magazineUpdateBodySchema = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(MAGAZINE_TITLE_MAX, m.titleTooLong),
  summary: z.string().trim().max(MAGAZINE_SUMMARY_MAX, m.summaryTooLong),
  toc: z.array(tocEntrySchema).max(MAGAZINE_TOC_MAX, m.tocTooMany),
});
export type MagazineUpdateBody = z.infer<typeof magazineUpdateBodySchema>;
