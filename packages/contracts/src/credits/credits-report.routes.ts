import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import { creditReportExportQuerySchema, creditReportQuerySchema, creditReportSchema } from './credits-report.schemas';

/** 学分年度报表 (permission `credits`): each member's year against the rule of their region. */
export const creditReportRoutes = {
  report: {
    method: 'GET',
    path: '/api/admin/credits/report',
    summary: '学分年度报表：各地区达标与未达标人数，学员分页列表（按所在地区适用的规则评定）',
    query: creditReportQuerySchema,
    response: envelopeSchema(creditReportSchema),
  },
  export: {
    method: 'GET',
    path: '/api/admin/credits/report/export',
    summary: '导出学分年度报表（Excel：姓名、身份证号（脱敏）、年度、专业科目学分、公需科目学分、总学分、是否达标）',
    query: creditReportExportQuerySchema,
    response: z.unknown(),
  },
} as const;
