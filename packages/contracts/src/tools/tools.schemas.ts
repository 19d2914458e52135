import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { RISK_REPORT_SOURCES, RISK_REPORT_STATES, toolsMessages as m } from './tools.rules';

const statementSchema = z.record(z.string(), z.string());

/**
 * POST /api/risk-checks: a company's statements for two years as typed (yuan strings). The server reads them with
 * the same rules as the page (messages per line and column) and answers 400 with fieldErrors keyed
 * `prior.cash`, `current.totalAssets`, `company_name`, `industry_tax_rate`.
 */
export const riskCheckBodySchema = z.object({
  company_name: z.string({ error: m.companyRequired }).max(200, m.companyTooLong),
  /** Industry average tax burden in percent, empty when unknown. */
  industry_tax_rate: z.string().max(20).default(''),
  prior: statementSchema,
  current: statementSchema,
});
export type RiskCheckBody = z.input<typeof riskCheckBodySchema>;

const ratioSchema = z.object({
  key: z.string(),
  group: z.string(),
  name: z.string(),
  formula: z.string(),
  format: z.enum(['percent', 'times', 'days']),
  prior: z.string().nullable(),
  current: z.string().nullable(),
});

const flagSchema = z.object({
  id: z.string(),
  level: z.enum(['high', 'medium']),
  title: z.string(),
  finding: z.string(),
  explanation: z.string(),
  rule: z.string(),
});

export const riskAnalysisSchema = z.object({
  ratios: z.array(ratioSchema),
  dupont: z.object({
    roe: z.string().nullable(),
    netMargin: z.string().nullable(),
    assetTurnover: z.string().nullable(),
    equityMultiplier: z.string().nullable(),
  }),
  flags: z.array(flagSchema),
  score: z.number().int(),
  level: z.enum(['低', '中', '高']),
});

export const riskReportStateSchema = z.enum(RISK_REPORT_STATES);
export const riskReportSourceSchema = z.enum(RISK_REPORT_SOURCES);

/** A report as its owner sees it; the analysis and the PDF only once it is ready (free or paid). */
export const riskReportSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  state: riskReportStateSchema,
  source: riskReportSourceSchema.nullable(),
  /** Price of this report when it must be paid, fen. */
  price: z.number().int(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  analysis: riskAnalysisSchema.nullable(),
  /** GET URL of the PDF (ready reports only). */
  pdf_url: z.string().nullable(),
});
export type RiskReport = z.infer<typeof riskReportSchema>;
export const riskReportPageSchema = pagedSchema(riskReportSchema);
export type RiskReportPage = z.infer<typeof riskReportPageSchema>;

export const riskReportIdParamsSchema = z.object({ id: recordIdSchema(m.reportNotFound) });

/** GET /api/risk-checks/quota: what the next report costs the caller. */
export const riskQuotaSchema = z.object({
  is_member: z.boolean(),
  member_end_at: z.string().nullable(),
  free_per_year: z.number().int(),
  free_used: z.number().int(),
  free_left: z.number().int(),
  price: z.number().int(),
});
export type RiskQuota = z.infer<typeof riskQuotaSchema>;

/** POST /api/risk-checks/template: the statements read from an uploaded template, to review before creating. */
export const riskTemplateDataSchema = z.object({
  company_name: z.string(),
  industry_tax_rate: z.string(),
  prior: statementSchema,
  current: statementSchema,
});
export type RiskTemplateData = z.infer<typeof riskTemplateDataSchema>;

/** One problem of an uploaded sheet: Excel row number and column letter. */
export const sheetErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type SheetError = z.infer<typeof sheetErrorSchema>;

export const adminRiskReportsQuerySchema = pageQuerySchema;
export const adminRiskReportSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_phone: z.string(),
  company_name: z.string(),
  state: riskReportStateSchema,
  source: riskReportSourceSchema.nullable(),
  score: z.number().int(),
  level: z.string(),
  created_at: z.string(),
});
export type AdminRiskReport = z.infer<typeof adminRiskReportSchema>;
export const adminRiskReportPageSchema = pagedSchema(adminRiskReportSchema);
export type AdminRiskReportPage = z.infer<typeof adminRiskReportPageSchema>;
