import {
  adminRiskChecksRoutes,
  membersRoutes,
  riskChecksRoutes,
  type AdminRiskReportPage,
  type Order,
  type PageQuery,
  type RiskCheckBody,
  type RiskQuota,
  type RiskReport,
  type RiskReportPage,
  type RiskTemplateData,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

const withId = (path: string, id: number) => path.replace(':id', String(id));

export const RISK_TEMPLATE_URL = '/api/risk-checks/template.xlsx';
export const riskPdfPath = (id: number) => `/api/risk-checks/${id}/pdf`;

/** Calls of the risk check (the calculators make none). */
export const toolsApi = {
  quota: () => apiClient.get<RiskQuota>(riskChecksRoutes.quota.path),
  /** The form shows field errors itself: silent. */
  create: (body: RiskCheckBody) => apiClient.post<RiskReport>(riskChecksRoutes.create.path, body, { silent: true }),
  list: (q: PageQuery) => apiClient.get<RiskReportPage>(riskChecksRoutes.list.path, q),
  show: (id: number) => apiClient.get<RiskReport>(withId(riskChecksRoutes.show.path, id)),
  /** The sheet's row and column errors are shown by the panel: silent. */
  readTemplate: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return apiClient.request<RiskTemplateData>({ method: 'POST', url: riskChecksRoutes.readTemplate.path, data: form, timeout: 60_000, silent: true });
  },
  /** The PDF needs the token header, so it is fetched as a blob rather than linked. */
  pdf: (id: number) => apiClient.request<Blob>({ method: 'GET', url: riskPdfPath(id), responseType: 'blob', timeout: 60_000 }),
  /** Pay for a report through the orders flow (product kind risk_report). */
  order: (reportId: number) => apiClient.post<Order>(membersRoutes.createOrder.path, { product_type: 'risk_report', product_id: reportId }),
  adminList: (q: PageQuery) => apiClient.get<AdminRiskReportPage>(adminRiskChecksRoutes.list.path, q),
};

export const toolsKeys = {
  all: ['tools'] as const,
  quota: ['tools', 'quota'] as const,
  list: (q: PageQuery) => ['tools', 'reports', q] as const,
  report: (id: number) => ['tools', 'report', id] as const,
  admin: (q: PageQuery) => ['tools', 'admin', q] as const,
};
