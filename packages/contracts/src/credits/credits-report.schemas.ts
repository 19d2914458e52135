import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from '../common/pagination';
import { CREDIT_REGIONS, creditsMessages as m } from './credits.rules';
import { creditYearNumberSchema } from './credits.schemas';

/** Members who chose no region (the national rule applies to them), as the report names them. */
export const CREDIT_REPORT_NO_REGION = '未设置地区';
/** The report over every region. */
export const CREDIT_REPORT_ALL_REGIONS = '全国';
export const CREDIT_REPORT_STATUSES = ['met', 'unmet'] as const;
export const CREDIT_REPORT_STATUS_LABELS = { met: '达标', unmet: '未达标' } as const;

/** The columns of the Excel file provincial continuing-education offices take, in their order. */
export const CREDIT_REPORT_EXCEL_HEADERS = ['姓名', '身份证号（脱敏）', '年度', '专业科目学分', '公需科目学分', '总学分', '是否达标'] as const;

const reportFilter = {
  year: creditYearNumberSchema,
  /** A region, 未设置地区, or absent: every member (全国). */
  region: z.enum([...CREDIT_REGIONS, CREDIT_REPORT_NO_REGION], { error: m.regionInvalid }).optional(),
  /** met: 达标 members only; unmet: 未达标 only; absent: both. */
  status: z.enum(CREDIT_REPORT_STATUSES, { error: '请选择正确的达标状态' }).optional(),
};
export const creditReportQuerySchema = pageQuerySchema.extend(reportFilter);
export type CreditReportQuery = z.input<typeof creditReportQuerySchema>;
export const creditReportExportQuerySchema = z.object(reportFilter);
export type CreditReportExportQuery = z.input<typeof creditReportExportQuerySchema>;

const requiredSchema = z.object({ total: z.number().int(), professional: z.number().int(), public: z.number().int() });

/** One member's year in the report. Credits in tenths. */
export const creditReportRowSchema = z.object({
  user_id: z.number().int(),
  /** Real name, else nickname. */
  name: z.string(),
  /** Masked (4101**********1234); null when the member gave none. */
  id_number: z.string().nullable(),
  /** Masked (138****8000). */
  phone: z.string(),
  /** Null: no region chosen (national rule). */
  region: z.string().nullable(),
  professional: z.number().int(),
  public: z.number().int(),
  total: z.number().int(),
  met: z.boolean(),
});
export type CreditReportRow = z.infer<typeof creditReportRowSchema>;

/** GET /api/admin/credits/report: one year's 达标 figures by region and a page of members. */
export const creditReportSchema = z.object({
  year: z.number().int(),
  /** Every region with members (未设置地区 last), whatever the filter: how each stands. */
  regions: z.array(z.object({ region: z.string(), met: z.number().int(), unmet: z.number().int() })),
  /** The whole country. */
  totals: z.object({ met: z.number().int(), unmet: z.number().int() }),
  /** The rules the year is read against: the national one (region null) and each region's own. */
  rules: z.array(
    z.object({
      region: z.string().nullable(),
      /** The year the rule was written for (an earlier one when staff kept no rule for this year). */
      year: z.number().int(),
      version: z.number().int(),
      required: requiredSchema,
      source: z.string(),
    }),
  ),
  members: pagedSchema(creditReportRowSchema),
});
export type CreditReport = z.infer<typeof creditReportSchema>;
