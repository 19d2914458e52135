import { sql } from 'drizzle-orm';
import type { StaffRole } from '@app/contracts';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Accounts (personal and company). Membership is `member_end_at > now`: the later of the person's own membership
 * (the members area extends it) and their company seat's term (the training area sets it).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** argon2id PHC string; null for an account made by code login that never set a password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['personal', 'company'] }).notNull().default('personal'),
    nickname: text('nickname'),
    /** Same-origin URL of the avatar, e.g. /uploads/avatars/<hex>.png. */
    avatar: text('avatar'),
    realName: text('real_name'),
    idNumber: text('id_number'),
    gender: smallint('gender'),
    politicalStatus: smallint('political_status'),
    companyName: text('company_name'),
    creditCode: text('credit_code'),
    /** Membership the person has themselves (bought, granted by staff, imported); what the members area extends. */
    ownMemberEndAt: ts('own_member_end_at'),
    /** End of the 学员卡 the person holds from their company (the training area keeps it), null without one. */
    seatEndAt: ts('seat_end_at'),
    /** Membership as everyone reads it: the later of the two (a generated column, never written). */
    memberEndAt: ts('member_end_at').generatedAlwaysAs(sql`GREATEST(own_member_end_at, seat_end_at)`),
    /** True exactly when staff_roles is not empty (kept in step by the repository). */
    isStaff: boolean('is_staff').notNull().default(false),
    /** Staff roles (管理员, 财务 ...): what staff endpoints this account may call. Empty for ordinary accounts. */
    staffRoles: text('staff_roles')
      .array()
      .$type<StaffRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A disabled account cannot log in and its session stops working at once. */
    disabled: boolean('disabled').notNull().default(false),
    /** Password login refused until then (too many failures). */
    lockedUntil: ts('locked_until'),
    /** 关怀模式 (large text, high contrast, big tap targets), chosen in the header or 账号设置; follows the account. */
    careMode: boolean('care_mode').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  // created_at: registrations per day on the staff dashboard.
  (t) => [uniqueIndex('users_phone_key').on(t.phone), index('users_created_at_idx').on(t.createdAt)],
);

/** Study achievements (SPEC §3 personal_achieve), zero until the learning area updates them. */
export const personalAchieve = pgTable('users_personal_achieve', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 0 (none) to 5. */
  starId: smallint('star_id').notNull().default(0),
  /** Seconds. */
  totalLearnTime: integer('total_learn_time').notNull().default(0),
  finishCourseNum: integer('finish_course_num').notNull().default(0),
});
