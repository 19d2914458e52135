import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pageQuerySchema, pagedSchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import { creditYearNumberSchema } from '../credits/credits.schemas';
import {
  ASSIGNMENT_STATUSES,
  EMPLOYEE_FILTERS,
  EMPLOYMENT_STATES,
  SEAT_EVENT_ACTIONS,
  SEAT_FIX_REASON_MAX,
  SEAT_ORDER_MAX,
  TRAINING_PLAN_COURSES_MAX,
  TRAINING_PLAN_DESCRIPTION_MAX,
  TRAINING_PLAN_NAME_MAX,
  trainingMessages as m,
} from './training.rules';

export const employmentStateSchema = z.enum(EMPLOYMENT_STATES);
export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export const seatEventActionSchema = z.enum(SEAT_EVENT_ACTIONS);

export const trainingIdParamsSchema = z.object({ id: recordIdSchema() });

/** A China-time day, YYYY-MM-DD. */
const daySchema = z
  .string({ error: m.deadlineRequired })
  .trim()
  .min(1, m.deadlineRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.deadlineInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), m.deadlineInvalid);

// ---- the employee's side ---------------------------------------------------------------------------------------

export const myInvitationSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
});

/** A course the employee's company assigned, as the employee sees it (单位指派). */
export const myAssignmentSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  cover: z.string().nullable(),
  /** The staff-made plan it came from, if any. */
  plan_name: z.string().nullable(),
  /** YYYY-MM-DD (China time, the whole day counts). */
  deadline: z.string(),
  /** Whole days left until the deadline's end; negative once overdue. */
  days_left: z.number().int(),
  /** The same figure as the course's own record in 我的课程 (watched / total duration, 100 once finished). */
  percent: z.number().int(),
  finished_at: z.string().nullable(),
  status: assignmentStatusSchema,
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

/** GET /api/my_company: the company the person works for, their seat, pending invitations and assigned courses. */
export const myCompanySchema = z.object({
  employment: z
    .object({ id: z.number().int(), company_name: z.string(), joined_at: z.string() })
    .nullable(),
  /** The 学员卡 the person holds from their company: membership until ends_at. */
  seat: z.object({ id: z.number().int(), ends_at: z.string() }).nullable(),
  invitations: z.array(myInvitationSchema),
  /** Deadline first, finished ones last. */
  assignments: z.array(myAssignmentSchema),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

// ---- the company's side ----------------------------------------------------------------------------------------

export const trainingInviteBodySchema = z.object({ phone: phoneSchema });
export type TrainingInviteBody = z.input<typeof trainingInviteBodySchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  /** Masked (138****8000). */
  phone: z.string(),
  name: z.string(),
  state: employmentStateSchema,
  state_label: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const creditStandingSchema = z.object({
  year: z.number().int(),
  /** Tenths of a credit, as the member's 学分档案 shows them. */
  total: z.number().int(),
  required: z.number().int(),
  /** Tenths still missing in all (0 when met). */
  missing: z.number().int(),
  met: z.boolean(),
  /** False when no rule applies to the year (nothing to meet). */
  has_rule: z.boolean(),
});
export type CreditStanding = z.infer<typeof creditStandingSchema>;

/** One employee as the company sees them: never their portrait, applications or messages. */
export const employeeRowSchema = z.object({
  /** The employment record's id: what the company's employee endpoints take. */
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  joined_at: z.string(),
  seat: z.object({ id: z.number().int(), ends_at: z.string() }).nullable(),
  assigned: z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
  credits: creditStandingSchema,
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;

export const employeeQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(30).optional(),
  filter: z.enum(EMPLOYEE_FILTERS, { error: '筛选条件不正确' }).optional(),
});
export type EmployeeQuery = z.input<typeof employeeQuerySchema>;
export const employeeExportQuerySchema = employeeQuerySchema.omit({ page: true, per: true });
export const employeePageSchema = pagedSchema(employeeRowSchema);
export type EmployeePage = z.infer<typeof employeePageSchema>;

export const employeeAssignmentSchema = myAssignmentSchema.omit({ cover: true });
export const employeeDetailSchema = employeeRowSchema.extend({
  assignments: z.array(employeeAssignmentSchema),
  /** Certificates earned while employed here: exam certificates and 学时证明. */
  certificates: z.array(
    z.object({ kind: z.enum(['exam', 'cpe']), title: z.string(), number: z.string(), issued_at: z.string() }),
  ),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

/** GET /api/company_training/overview: the dashboard's figures. */
export const trainingOverviewSchema = z.object({
  company_name: z.string(),
  verified: z.boolean(),
  year: z.number().int(),
  employees: z.number().int(),
  invitations_pending: z.number().int(),
  seats: z.object({ bought: z.number().int(), assigned: z.number().int(), available: z.number().int(), expired: z.number().int() }),
  /** Employee-course pairs. */
  assignments: z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
  credits: z.object({ met: z.number().int(), unmet: z.number().int() }),
});
export type TrainingOverview = z.infer<typeof trainingOverviewSchema>;

export const seatTierSchema = z.object({
  id: z.number().int(),
  /** The tier applies from this many seats in one order. */
  min_quantity: z.number().int(),
  /** Fen per seat. */
  price: z.number().int(),
});
export type SeatTier = z.infer<typeof seatTierSchema>;

export const seatSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  expired: z.boolean(),
  /** The employee holding it, null when free. */
  holder: z.object({ employment_id: z.number().int(), name: z.string() }).nullable(),
  assigned_at: z.string().nullable(),
});
export type Seat = z.infer<typeof seatSchema>;

export const seatEventSchema = z.object({
  id: z.number().int(),
  seat_id: z.number().int(),
  action: seatEventActionSchema,
  action_label: z.string(),
  /** The employee concerned (assign / return). */
  employee: z.string().nullable(),
  /** Who did it: the company account, or 平台工作人员. */
  actor: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type SeatEvent = z.infer<typeof seatEventSchema>;

export const seatsSchema = z.object({
  tiers: z.array(seatTierSchema),
  seats: z.array(seatSchema),
  events: z.array(seatEventSchema),
});
export type Seats = z.infer<typeof seatsSchema>;

/** Assign free seats: to the employees named, each getting one. */
export const assignSeatsBodySchema = z.object({
  employment_ids: z.array(recordIdSchema(m.employeeNotFound)).min(1, m.employeesRequired).max(SEAT_ORDER_MAX),
});
export type AssignSeatsBody = z.input<typeof assignSeatsBodySchema>;

export const seatQuantitySchema = z.coerce.number({ error: m.quantityInvalid }).int(m.quantityInvalid).min(1, m.quantityInvalid).max(SEAT_ORDER_MAX, m.quantityInvalid);

export const createAssignmentBodySchema = z
  .object({
    course_id: recordIdSchema(m.courseNotFound).optional(),
    plan_id: recordIdSchema(m.planNotFound).optional(),
    everyone: z.boolean().default(false),
    employment_ids: z.array(recordIdSchema(m.employeeNotFound)).max(SEAT_ORDER_MAX).default([]),
    deadline: daySchema,
  })
  .superRefine((v, ctx) => {
    if ((v.course_id === undefined) === (v.plan_id === undefined)) ctx.addIssue({ code: 'custom', path: ['course_id'], message: m.courseRequired });
    if (!v.everyone && v.employment_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['employment_ids'], message: m.employeesRequired });
  });
export type CreateAssignmentBody = z.input<typeof createAssignmentBodySchema>;

export const assignmentSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  plan_name: z.string().nullable(),
  everyone: z.boolean(),
  deadline: z.string(),
  created_at: z.string(),
  counts: z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** What a company may assign: published courses and staff-made plans. */
export const assignableSchema = z.object({
  courses: z.array(z.object({ id: z.number().int(), title: z.string(), price_type: z.string(), credits: z.number().int().nullable() })),
  plans: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string(), course_titles: z.array(z.string()) })),
});
export type Assignable = z.infer<typeof assignableSchema>;

export const trainingYearQuerySchema = z.object({ year: creditYearNumberSchema.optional() });

// ---- staff -----------------------------------------------------------------------------------------------------

export const adminCompanyQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(40).optional() });
export const adminTrainingCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  verified: z.boolean(),
  employees: z.number().int(),
  seats_sold: z.number().int(),
  seats_assigned: z.number().int(),
  assignments: z.number().int(),
  done: z.number().int(),
  /** done / assignments, 0-100. */
  completion: z.number().int(),
});
export type AdminTrainingCompany = z.infer<typeof adminTrainingCompanySchema>;
export const adminTrainingOverviewSchema = pagedSchema(adminTrainingCompanySchema).extend({
  totals: z.object({ companies: z.number().int(), employees: z.number().int(), seats_sold: z.number().int(), revenue: z.number().int() }),
});
export type AdminTrainingOverview = z.infer<typeof adminTrainingOverviewSchema>;

export const saveSeatTierBodySchema = z.object({
  min_quantity: z.coerce.number({ error: m.tierMinInvalid }).int(m.tierMinInvalid).min(1, m.tierMinInvalid).max(SEAT_ORDER_MAX, m.tierMinInvalid),
  price: z.coerce.number({ error: m.tierPriceInvalid }).int(m.tierPriceInvalid).min(1, m.tierPriceInvalid).max(10_000_000, m.tierPriceInvalid),
});
export type SaveSeatTierBody = z.input<typeof saveSeatTierBodySchema>;

export const trainingPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type TrainingPlan = z.infer<typeof trainingPlanSchema>;
export const saveTrainingPlanBodySchema = z.object({
  name: z.string({ error: m.planNameRequired }).trim().min(1, m.planNameRequired).max(TRAINING_PLAN_NAME_MAX, m.planNameTooLong),
  description: z.string().trim().max(TRAINING_PLAN_DESCRIPTION_MAX, m.planDescriptionTooLong).default(''),
  course_ids: z
    .array(recordIdSchema(m.courseNotFound))
    .min(1, m.planCoursesRequired)
    .max(TRAINING_PLAN_COURSES_MAX, m.planCoursesTooMany),
  active: z.boolean().default(true),
});
export type SaveTrainingPlanBody = z.input<typeof saveTrainingPlanBodySchema>;

/** The seats and employees of one company, for staff fixing an assignment on the company's request. */
export const adminCompanySeatsSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  seats: z.array(seatSchema),
  employees: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string(), has_seat: z.boolean() })),
  events: z.array(seatEventSchema),
});
export type AdminCompanySeats = z.infer<typeof adminCompanySeatsSchema>;
export const adminSeatFixBodySchema = z.object({
  /** The employee to hold the seat, or null to return it to the company. */
  employment_id: recordIdSchema(m.employeeNotFound).nullable(),
  reason: z.string({ error: m.fixReasonRequired }).trim().min(1, m.fixReasonRequired).max(SEAT_FIX_REASON_MAX, m.fixReasonTooLong),
});
export type AdminSeatFixBody = z.input<typeof adminSeatFixBodySchema>;
