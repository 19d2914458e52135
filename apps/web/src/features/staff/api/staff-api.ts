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
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

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
  resetPassword: (id: number) => apiClient.post<AdminUserDetail>(withId(staffRoutes.resetPassword.path, id)),
  grantMembership: (id: number, body: GrantMembershipBody) =>
    apiClient.post<AdminUserDetail>(withId(staffRoutes.grantMembership.path, id), body),
};

function withId(path: string, id: number): string {
  return path.replace(':id', String(id));
}

export const staffKeys = {
  all: ['staff'] as const,
  list: ['staff', 'list'] as const,
  audit: (q: AuditQuery) => ['staff', 'audit', q] as const,
  users: (q: AdminUsersQuery) => ['staff', 'users', q] as const,
  user: (id: number) => ['staff', 'user', id] as const,
};
