import {
  staffRoutes,
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
};

export const staffKeys = {
  all: ['staff'] as const,
  list: ['staff', 'list'] as const,
  audit: (q: AuditQuery) => ['staff', 'audit', q] as const,
};
