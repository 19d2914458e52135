import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import { recordIdSchema } from '../common/ids';
import {
  EXPORT_PERIOD_MAX_DAYS,
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

export const userIdParamsSchema = z.object({ id: recordIdSchema(staffMessages.userNotFound) });

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

const daySchema = z
  .string({ error: staffMessages.exportPeriodInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, staffMessages.exportPeriodInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), staffMessages.exportPeriodInvalid);

/** Orders, invoices and exam results of a period: China-time days `from`..`to`, both included, at most a year. */
export const periodExportQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((q) => q.from <= q.to, { message: staffMessages.exportPeriodOrder, path: ['to'] })
  .refine(
    (q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < EXPORT_PERIOD_MAX_DAYS,
    { message: staffMessages.exportPeriodTooLong, path: ['to'] },
  );
export type PeriodExportQuery = z.infer<typeof periodExportQuerySchema>;

// ---- users import --------------------------------------------------------------------------------------------------

/** One bad cell of an import file: the sheet row number (the header is row 1), the column header, the message. */
export const userImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type UserImportError = z.infer<typeof userImportErrorSchema>;

export const userImportQuerySchema = z.object({
  /** `true`: check the file and write nothing. */
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const userImportReportSchema = z.object({
  dry_run: z.boolean(),
  /** Data rows read (blank rows skipped). */
  total: z.number().int(),
  /** Rows without any error. */
  valid: z.number().int(),
  /** Bad rows (a row with several bad cells counts once). */
  bad_rows: z.number().int(),
  /** Every bad cell up to USER_IMPORT_MAX_ERRORS, by row then column. */
  errors: z.array(userImportErrorSchema),
  /** Accounts created (0 on a dry run or when any row is bad). */
  imported: z.number().int(),
});
export type UserImportReport = z.infer<typeof userImportReportSchema>;

// ---- dashboard -----------------------------------------------------------------------------------------------------

const todayMonthSchema = z.object({ today: z.number(), month: z.number() });

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, China time. */
  day: z.string(),
  registrations: z.number().int(),
  active_learners: z.number().int(),
  learning_seconds: z.number().int(),
  /** Null for roles without the 订单 permission. */
  paid_orders: z.number().int().nullable(),
  /** Fen; null for roles without the 订单 permission. */
  revenue: z.number().int().nullable(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** The /admin home: figures of today and this month (China time) and the last 30 days. */
export const dashboardSchema = z.object({
  /** YYYY-MM-DD, China time. */
  today: z.string(),
  /** YYYY-MM. */
  month: z.string(),
  registrations: todayMonthSchema,
  /** Distinct learners with learning time that day / month. */
  active_learners: todayMonthSchema,
  learning_seconds: todayMonthSchema,
  /** Paid orders, revenue (fen) and first-time memberships; null for roles without the 订单 permission. */
  sales: z
    .object({
      paid_orders: todayMonthSchema,
      revenue: todayMonthSchema,
      member_conversions: todayMonthSchema,
    })
    .nullable(),
  /** Finance questions waiting for an answer, and how many of them are past their due time. */
  qa: z.object({ open: z.number().int(), overdue: z.number().int() }),
  /** Staff queues waiting for someone. */
  pending: z.object({
    stars: z.number().int(),
    companies: z.number().int(),
    job_posts: z.number().int(),
    invoices: z.number().int(),
    grading: z.number().int(),
  }),
  /** Oldest first, 30 days ending today. */
  series: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
