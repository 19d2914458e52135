import { z } from 'zod';

/** A help problem shown in the help centre and the footer columns. */
export const helpProblemSchema = z.object({
  id: z.number().int(),
  /** Question title. */
  name: z.string(),
  /** Answer text (plain text, paragraphs separated by blank lines). */
  content: z.string(),
  /** Guide type: 1 user guide, 2 student guide, 3 evaluation guide (HELP_TYPES). */
  ttype: z.number().int(),
  sort: z.number().int(),
});
export type HelpProblem = z.infer<typeof helpProblemSchema>;

/** Problems grouped by guide type, in HELP_TYPES order. */
export const problemGroupSchema = z.object({
  ttype: z.number().int(),
  /** Chinese name of the guide type, also the `classifyName` query of /help-center. */
  name: z.string(),
  problems: z.array(helpProblemSchema),
});
export const problemsDataSchema = z.array(problemGroupSchema);
export type ProblemGroup = z.infer<typeof problemGroupSchema>;

/** Site-wide data for the header and footer. */
export const commonDataSchema = z.object({
  site_name: z.string(),
  contact_phones: z.array(z.string()),
  working_hours: z.string(),
  mailbox: z.string(),
  /** URL of the public-account QR image. */
  qr_code_url: z.string(),
  filing_numbers: z.array(z.object({ text: z.string(), url: z.string() })),
  association_url: z.string(),
  /** Sub-domain prefix to region name, e.g. henan -> 河南. */
  learning_bases: z.record(z.string(), z.string()),
});
export type CommonData = z.infer<typeof commonDataSchema>;
