import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import { PERMISSIONS, STAFF_ROLES, staffMessages } from './staff.rules';

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
