import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmploymentState, SeatEventAction } from '@app/contracts';
import { courses } from '../courses/courses.table';
import { membersOrders } from '../members/members.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A person's place in a company, from the invitation on: invited -> active (accepted) | declined | expired | cancelled;
 * active -> left | removed. A person is active in one company at a time; a company sees nothing of a person before
 * they accept.
 */
export const trainingEmployments = pgTable(
  'training_employments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<EmploymentState>().notNull(),
    invitedAt: ts('invited_at').notNull(),
    /** An invitation still `invited` after this reads as expired. */
    expiresAt: ts('expires_at').notNull(),
    respondedAt: ts('responded_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('training_employments_one_active_uq').on(t.userId).where(sql`${t.state} = 'active'`),
    uniqueIndex('training_employments_one_invite_uq').on(t.companyId, t.userId).where(sql`${t.state} = 'invited'`),
    index('training_employments_company_idx').on(t.companyId, t.state, t.id),
    index('training_employments_user_idx').on(t.userId, t.state),
  ],
);

/** 学员卡 price tiers, set by staff: an order of at least min_quantity seats pays `price` fen per seat. */
export const trainingSeatTiers = pgTable(
  'training_seat_tiers',
  {
    id: serial('id').primaryKey(),
    minQuantity: integer('min_quantity').notNull().unique(),
    price: integer('price').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('training_seat_tiers_ck', sql`${t.minQuantity} > 0 AND ${t.price} > 0`)],
);

/**
 * One 学员卡 a company bought: membership for whoever holds it until ends_at. holder_user_id is denormalised from the
 * employment so a person holds at most one seat (the unique index) and their membership can be read from it.
 */
export const trainingSeats = pgTable(
  'training_seats',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => membersOrders.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    holderEmploymentId: integer('holder_employment_id').references(() => trainingEmployments.id, { onDelete: 'set null' }),
    holderUserId: integer('holder_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at'),
  },
  (t) => [
    uniqueIndex('training_seats_holder_uq').on(t.holderUserId).where(sql`${t.holderUserId} IS NOT NULL`),
    index('training_seats_company_idx').on(t.companyId, t.id),
    index('training_seats_holder_employment_idx').on(t.holderEmploymentId),
    check('training_seats_holder_ck', sql`(${t.holderUserId} IS NULL) = (${t.holderEmploymentId} IS NULL)`),
  ],
);

/** Every step of a seat, with who and when. */
export const trainingSeatEvents = pgTable(
  'training_seat_events',
  {
    id: serial('id').primaryKey(),
    seatId: integer('seat_id')
      .notNull()
      .references(() => trainingSeats.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<SeatEventAction>().notNull(),
    employmentId: integer('employment_id').references(() => trainingEmployments.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: ts('at').notNull(),
  },
  (t) => [index('training_seat_events_company_idx').on(t.companyId, t.at.desc(), t.id.desc())],
);

/** Staff-made learning plans (学习计划): a named set of courses a company can assign at once. */
export const trainingPlans = pgTable('training_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  courseIds: integer('course_ids').array().notNull(),
  active: boolean('active').notNull().default(true),
  /** Stable key of seeded rows (idempotent seed). */
  seedKey: text('seed_key').unique(),
  updatedAt: ts('updated_at').notNull(),
});

/** A course a company assigned, with its deadline (a plan's courses become one assignment each). */
export const trainingAssignments = pgTable(
  'training_assignments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => trainingPlans.id, { onDelete: 'set null' }),
    /** Everyone: employees who join later get it too. */
    everyone: boolean('everyone').notNull(),
    /** China-time day; the whole day counts. */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull(),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [index('training_assignments_company_idx').on(t.companyId, t.id)],
);

/** Who an assignment is for, and which of its reminders went out (each claimed once, whichever process sends it). */
export const trainingAssignees = pgTable(
  'training_assignees',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => trainingAssignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employmentId: integer('employment_id')
      .notNull()
      .references(() => trainingEmployments.id, { onDelete: 'cascade' }),
    reminded7At: ts('reminded_7_at'),
    reminded1At: ts('reminded_1_at'),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('training_assignees_user_idx').on(t.userId),
    index('training_assignees_employment_idx').on(t.employmentId),
  ],
);
