import { envelopeSchema } from '../common/envelope';
import { pageQuerySchema } from '../common/pagination';
import {
  adminRiskReportPageSchema,
  adminRiskReportsQuerySchema,
  riskCheckBodySchema,
  riskQuotaSchema,
  riskReportIdParamsSchema,
  riskReportPageSchema,
  riskReportSchema,
  riskTemplateDataSchema,
} from './tools.schemas';

/**
 * The financial risk check (the calculators run in the browser and have no endpoints). The PDF
 * (GET /api/risk-checks/{id}/pdf) and the template (GET /api/risk-checks/template.xlsx) are file downloads.
 */
export const riskChecksRoutes = {
  quota: {
    method: 'GET',
    path: '/api/risk-checks/quota',
    summary: '我的风险检测额度：会员每个会员年度免费2份，其余按次付费',
    response: envelopeSchema(riskQuotaSchema),
  },
  create: {
    method: 'POST',
    path: '/api/risk-checks',
    summary: '提交两年财务报表进行风险检测；有免费额度时直接生成报告，否则生成待支付报告（product_type=risk_report 下单）',
    body: riskCheckBodySchema,
    response: envelopeSchema(riskReportSchema),
  },
  list: {
    method: 'GET',
    path: '/api/risk-checks',
    summary: '我的风险检测报告，最新在前',
    query: pageQuerySchema,
    response: envelopeSchema(riskReportPageSchema),
  },
  show: {
    method: 'GET',
    path: '/api/risk-checks/:id',
    summary: '一份风险检测报告（本人）',
    params: riskReportIdParamsSchema,
    response: envelopeSchema(riskReportSchema),
  },
  readTemplate: {
    method: 'POST',
    path: '/api/risk-checks/template',
    summary: '上传平台Excel模板（multipart，字段 file），读出报表数据；有误时按行列返回 sheetErrors',
    response: envelopeSchema(riskTemplateDataSchema),
  },
} as const;

export const adminRiskChecksRoutes = {
  list: {
    method: 'GET',
    path: '/api/admin/risk-checks',
    summary: '全部风险检测报告（工作人员）',
    query: adminRiskReportsQuerySchema,
    response: envelopeSchema(adminRiskReportPageSchema),
  },
} as const;
