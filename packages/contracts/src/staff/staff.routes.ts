import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  auditPageSchema,
  auditQuerySchema,
  setStaffRolesBodySchema,
  staffMemberSchema,
} from './staff.schemas';

/** Staff roles and the audit log (管理员 only: permissions `staff_roles` and `audit`). */
export const staffRoutes = {
  list: {
    method: 'GET',
    path: '/api/admin/staff',
    summary: '工作人员及其角色',
    response: envelopeSchema(z.array(staffMemberSchema)),
  },
  setRoles: {
    method: 'POST',
    path: '/api/admin/staff/roles',
    summary: '设置账号的角色（空列表即取消工作人员身份）',
    body: setStaffRolesBodySchema,
    response: envelopeSchema(staffMemberSchema),
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: '操作日志（工作人员的每次写操作）',
    query: auditQuerySchema,
    response: envelopeSchema(auditPageSchema),
  },
} as const;
