import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  grantMembershipBodySchema,
  learningHoursExportQuerySchema,
  setStaffRolesBodySchema,
  setUserDisabledBodySchema,
  staffMemberSchema,
  userIdParamsSchema,
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
  users: {
    method: 'GET',
    path: '/api/admin/users',
    summary: '用户搜索（手机号、昵称、企业名称、会员状态）',
    query: adminUsersQuerySchema,
    response: envelopeSchema(adminUsersPageSchema),
  },
  user: {
    method: 'GET',
    path: '/api/admin/users/:id',
    summary: '用户详情',
    params: userIdParamsSchema,
    response: envelopeSchema(adminUserDetailSchema),
  },
  setDisabled: {
    method: 'POST',
    path: '/api/admin/users/:id/disabled',
    summary: '禁用或启用账号（禁用即结束该账号的所有登录）',
    params: userIdParamsSchema,
    body: setUserDisabledBodySchema,
    response: envelopeSchema(adminUserDetailSchema),
  },
  learningHoursExport: {
    method: 'GET',
    path: '/api/admin/exports/learning_hours',
    summary: '导出年度学习时长（Excel：每位学员一行，继续教育学时申报用）',
    query: learningHoursExportQuerySchema,
    response: z.unknown(),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/admin/users/:id/reset_password',
    summary: '重置密码：向用户手机发送找回密码验证码，原密码失效并结束其登录',
    params: userIdParamsSchema,
    response: envelopeSchema(adminUserDetailSchema),
  },
  grantMembership: {
    method: 'POST',
    path: '/api/admin/users/:id/membership',
    summary: '手动开通会员（需填写原因）',
    params: userIdParamsSchema,
    body: grantMembershipBodySchema,
    response: envelopeSchema(adminUserDetailSchema),
  },
} as const;
