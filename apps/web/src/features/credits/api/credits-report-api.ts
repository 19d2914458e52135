import type { CreditReport, CreditReportExportQuery, CreditReportQuery } from '@app/contracts/credits/credits-report.schemas';
import { creditReportRoutes as rr } from '@app/contracts/credits/credits-report.routes';
import { apiClient } from '@/shared/lib/api-client';

export const creditReportKeys = {
  report: (q: CreditReportQuery) => ['credits', 'report', q] as const,
};

export const creditReportApi = {
  report: (q: CreditReportQuery) => apiClient.get<CreditReport>(rr.report.path, q),
  /** The Excel file needs the token header, so it is fetched as a blob rather than linked. */
  workbook: (q: CreditReportExportQuery) =>
    apiClient.request<Blob>({ method: 'GET', url: rr.export.path, params: q, responseType: 'blob', timeout: 120_000 }),
};
