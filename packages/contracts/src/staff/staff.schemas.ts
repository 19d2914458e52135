import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import {
  GRANT_MEMBERSHIP_MAX_DAYS,
  PERMISSIONS,
  STAFF_REASON_MAX_LENGTH,
  STAFF_ROLES,
  staffMessages,
} from './staff.rules';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: staffMessages.roleInvalid });
export const permissionSchema = z.enum(PERMISSIONS);

/** A staff account and its roles (管理员's role screen). */
export const staffMemberSchema = z.object({
  user_id: z.number().int(),
  phone: z.string(),
  nickname: z.string().nullable(),
  roles: z.array(staffRoleSchema),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Sets the roles of the account with this phone; an empty list makes it an ordinary account again. */
export const setStaffRolesBodySchema = z.object({
  phone: phoneSchema,
  roles: z.array(staffRoleSchema).max(STAFF_ROLES.length),
});
export type SetStaffRolesBody = z.infer<typeof setStaffRolesBodySchema>;

/** One recorded staff write (append-only). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_phone: z.string().nullable(),
  actor_roles: z.array(z.string()),
  /** What was done, e.g. `staff.roles`, `invoice.issue`. */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pageQuerySchema.extend({
  /** Actor phone (exact) or part of it. */
  actor: z.string().trim().max(20).optional(),
  entity: z.string().trim().max(60).optional(),
  entity_id: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  /** YYYY-MM-DD, China time, inclusive. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---- users screen ------------------------------------------------------------------------------------------------

/** Account kind (users.schemas' ROLES; not imported, since users.schemas imports this file). */
const accountRoleSchema = z.enum(['personal', 'company']);

export const adminUsersQuerySchema = pageQuerySchema.extend({
  /** Part of the phone, nickname or company name. */
  keyword: z.string().trim().max(60).optional(),
  member: z.enum(['member', 'non_member']).optional(),
  role: accountRoleSchema.optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string().nullable(),
  role: accountRoleSchema,
  company_name: z.string().nullable(),
  is_member: z.boolean(),
  member_end_at: z.string().nullable(),
  staff_roles: z.array(staffRoleSchema),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = pagedSchema(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  real_name: z.string().nullable(),
  star_id: z.number().int(),
  /** Seconds. */
  total_learn_time: z.number().int(),
  finish_course_num: z.number().int(),
  /** Live sessions (one per account: 0 or 1). */
  active_sessions: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const reasonSchema = z
  .string({ error: staffMessages.reasonRequired })
  .trim()
  .min(1, staffMessages.reasonRequired)
  .max(STAFF_REASON_MAX_LENGTH, staffMessages.reasonTooLong);

export const setUserDisabledBodySchema = z.object({
  disabled: z.boolean(),
  reason: reasonSchema,
});
export type SetUserDisabledBody = z.infer<typeof setUserDisabledBodySchema>;

export const grantMembershipBodySchema = z.object({
  days: z.coerce
    .number({ error: staffMessages.daysInvalid })
    .int(staffMessages.daysInvalid)
    .min(1, staffMessages.daysInvalid)
    .max(GRANT_MEMBERSHIP_MAX_DAYS, staffMessages.daysInvalid),
  reason: reasonSchema,
});
export type GrantMembershipBody = z.infer<typeof grantMembershipBodySchema>;

// ---- exports -------------------------------------------------------------------------------------------------------

/** The learning-hours export: one calendar year (China time). */
export const learningHoursExportQuerySchema = z.object({
  year: z.coerce
    .number({ error: staffMessages.exportYearInvalid })
    .int(staffMessages.exportYearInvalid)
    .min(2000, staffMessages.exportYearInvalid)
    .max(2100, staffMessages.exportYearInvalid),
});
export type LearningHoursExportQuery = z.infer<typeof learningHoursExportQuerySchema>;
