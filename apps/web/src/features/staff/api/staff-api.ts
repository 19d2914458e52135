import {
  staffRoutes,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  type GrantMembershipBody,
  type SetUserDisabledBody,
  type AuditPage,
  type AuditQuery,
  type SetStaffRolesBody,
  type StaffMember,
  type Dashboard,
  type PeriodExportQuery,
  type UserImportReport,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

/** Calls of the staff console's own screens (roles, audit log). */
export const staffApi = {
  list: () => apiClient.get<StaffMember[]>(staffRoutes.list.path),
  setRoles: (body: SetStaffRolesBody) => apiClient.post<StaffMember>(staffRoutes.setRoles.path, body),
  audit: (q: AuditQuery) => apiClient.get<AuditPage>(staffRoutes.audit.path, q),
  users: (q: AdminUsersQuery) => apiClient.get<AdminUsersPage>(staffRoutes.users.path, q),
  user: (id: number) => apiClient.get<AdminUserDetail>(withId(staffRoutes.user.path, id)),
  setDisabled: (id: number, body: SetUserDisabledBody) =>
    apiClient.post<AdminUserDetail>(withId(staffRoutes.setDisabled.path, id), body),
  /** The sheet needs the token header, so it is fetched as a blob rather than linked. */
  learningHours: (year: number) =>
    apiClient.request<Blob>({
      method: 'GET',
      url: staffRoutes.learningHoursExport.path,
      params: { year },
      responseType: 'blob',
      timeout: 120_000,
    }),
  /** Orders, invoices or exam results of a period (China-time days, both included), as an xlsx blob. */
  periodExport: (kind: PeriodExportKind, q: PeriodExportQuery) =>
    apiClient.request<Blob>({
      method: 'GET',
      url: PERIOD_EXPORT_PATHS[kind],
      params: q,
      responseType: 'blob',
      timeout: 120_000,
    }),
  dashboard: () => apiClient.get<Dashboard>(staffRoutes.dashboard.path),
  importTemplate: () =>
    apiClient.request<Blob>({ method: 'GET', url: staffRoutes.usersImportTemplate.path, responseType: 'blob' }),
  /** A dry run answers 200 with the report; the real import of a bad file rejects with the report in `data`. */
  importUsers: (file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiClient.requestEnvelope<UserImportReport>({
      method: 'POST',
      url: `${staffRoutes.usersImport.path}?dry_run=${dryRun}`,
      data: form,
      timeout: 120_000,
      silent: true,
    });
  },
  resetPassword: (id: number) => apiClient.post<AdminUserDetail>(withId(staffRoutes.resetPassword.path, id)),
  grantMembership: (id: number, body: GrantMembershipBody) =>
    apiClient.post<AdminUserDetail>(withId(staffRoutes.grantMembership.path, id), body),
};

export type PeriodExportKind = 'orders' | 'invoices' | 'exam_results';
const PERIOD_EXPORT_PATHS: Record<PeriodExportKind, string> = {
  orders: staffRoutes.ordersExport.path,
  invoices: staffRoutes.invoicesExport.path,
  exam_results: staffRoutes.examResultsExport.path,
};

export { saveBlob } from '@/shared/lib/save-blob';

export const staffKeys = {
  all: ['staff'] as const,
  list: ['staff', 'list'] as const,
  audit: (q: AuditQuery) => ['staff', 'audit', q] as const,
  users: (q: AdminUsersQuery) => ['staff', 'users', q] as const,
  user: (id: number) => ['staff', 'user', id] as const,
  dashboard: ['staff', 'dashboard'] as const,
};
