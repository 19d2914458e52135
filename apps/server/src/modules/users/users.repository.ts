import {
  permissionsOf,
  type AdminUser,
  type CurrentUser,
  type Paged,
  type Profile,
  type Role,
  type StaffRole,
} from '@app/contracts';
import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../db/pg-array';
import { containsPattern, type Executor } from '../../db/sql';
import { personalAchieve, users } from './users.table';

export type UserRow = typeof users.$inferSelect;

export interface ProfileChanges {
  nickname?: string | null;
  realName?: string | null;
  idNumber?: string | null;
  gender?: number | null;
  politicalStatus?: number | null;
  avatar?: string | null;
}

const toAdminUser = (u: UserRow, now: Date): AdminUser => ({
  id: u.id,
  phone: u.phone,
  nickname: u.nickname,
  role: u.role,
  company_name: u.companyName,
  is_member: u.memberEndAt !== null && u.memberEndAt > now,
  member_end_at: u.memberEndAt?.toISOString() ?? null,
  staff_roles: u.staffRoles,
  disabled: u.disabled,
  created_at: u.createdAt.toISOString(),
});

const toProfile = (u: UserRow): Profile => ({
  id: u.id,
  phone: u.phone,
  role: u.role,
  nickname: u.nickname,
  avatar: u.avatar,
  real_name: u.realName,
  id_number: u.idNumber,
  gender: u.gender,
  political_status: u.politicalStatus,
  company_name: u.companyName,
  credit_code: u.creditCode,
});

export const usersRepository = {
  /** Creates the account and its zero achievements; null when the phone is taken. */
  async create(
    tx: Executor,
    v: {
      phone: string;
      passwordHash: string | null;
      role: Role;
      companyName?: string | null;
      creditCode?: string | null;
      /** Staff roles; the account is staff when there is at least one. */
      staffRoles?: StaffRole[];
      memberEndAt?: Date | null;
      nickname?: string | null;
      now: Date;
    },
  ): Promise<number | null> {
    const [row] = await tx
      .insert(users)
      .values({
        phone: v.phone,
        passwordHash: v.passwordHash,
        role: v.role,
        companyName: v.companyName ?? null,
        creditCode: v.creditCode ?? null,
        isStaff: (v.staffRoles ?? []).length > 0,
        staffRoles: v.staffRoles ?? [],
        ownMemberEndAt: v.memberEndAt ?? null,
        nickname: v.nickname ?? null,
        createdAt: v.now,
        updatedAt: v.now,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    if (!row) return null;
    await tx.insert(personalAchieve).values({ userId: row.id }).onConflictDoNothing();
    return row.id;
  },

  /** The current-user summary without the unread-message count (the messages area adds it). */
  async currentUser(
    db: Executor,
    userId: number,
    now: Date,
  ): Promise<Omit<CurrentUser, 'message_num'> | undefined> {
    const [row] = await db
      .select({ user: users, achieve: personalAchieve })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return undefined;
    const u = row.user;
    return {
      id: u.id,
      phone: u.phone,
      nickname: u.nickname,
      avatar: u.avatar,
      is_member: u.memberEndAt !== null && u.memberEndAt > now,
      member_end_at: u.memberEndAt?.toISOString() ?? null,
      role: u.role,
      is_staff: u.staffRoles.length > 0,
      staff_roles: u.staffRoles,
      permissions: permissionsOf(u.staffRoles),
      star_id: row.achieve?.starId ?? 0,
      total_learn_time: row.achieve?.totalLearnTime ?? 0,
      finish_course_num: row.achieve?.finishCourseNum ?? 0,
      care_mode: u.careMode,
    };
  },

  /** Saves the account's 关怀模式; false when there is no such account. */
  async setCareMode(db: Executor, userId: number, enabled: boolean, now: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ careMode: enabled, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async profile(db: Executor, userId: number): Promise<Profile | undefined> {
    const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return u ? toProfile(u) : undefined;
  },

  async updateProfile(
    db: Executor,
    userId: number,
    changes: ProfileChanges,
    now: Date,
  ): Promise<Profile | undefined> {
    const [u] = await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return u ? toProfile(u) : undefined;
  },

  /** Sets the avatar; returns the previous one. */
  async setAvatar(db: Executor, userId: number, avatar: string, now: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [old] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      await tx.update(users).set({ avatar, updatedAt: now }).where(eq(users.id, userId));
      return old?.avatar ?? null;
    });
  },

  async setPasswordHash(db: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  },

  async setPhone(db: Executor, userId: number, phone: string, now: Date): Promise<void> {
    await db.update(users).set({ phone, updatedAt: now }).where(eq(users.id, userId));
  },

  /** Real name, ID number, gender and political status (edited from the talent portrait). */
  async updateAccountProfile(
    db: Executor,
    userId: number,
    changes: {
      realName?: string | null;
      idNumber?: string | null;
      gender?: number | null;
      politicalStatus?: number | null;
    },
    now: Date,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
  },

  /** Sets the star level (creating the achievements row if an old account lacks it). */
  /** Sets the account's staff roles (is_staff follows); the row before and after, undefined for an unknown id. */
  async setStaffRoles(
    db: Executor,
    v: { userId: number; roles: StaffRole[]; now: Date },
  ): Promise<{ before: StaffRole[]; after: StaffRole[] } | undefined> {
    const [old] = await db
      .select({ roles: users.staffRoles })
      .from(users)
      .where(eq(users.id, v.userId))
      .for('update')
      .limit(1);
    if (!old) return undefined;
    await db
      .update(users)
      .set({ staffRoles: v.roles, isStaff: v.roles.length > 0, updatedAt: v.now })
      .where(eq(users.id, v.userId));
    return { before: old.roles, after: v.roles };
  },

  async byPhone(db: Executor, phone: string) {
    const [row] = await db
      .select({
        id: users.id,
        phone: users.phone,
        nickname: users.nickname,
        roles: users.staffRoles,
        disabled: users.disabled,
      })
      .from(users)
      .where(eq(users.phone, phone))
      .limit(1);
    return row;
  },

  /** No password until the owner sets one (staff reset: the old password stops working). */
  async clearPassword(db: Executor, v: { userId: number; now: Date }): Promise<void> {
    await db.update(users).set({ passwordHash: null, updatedAt: v.now }).where(eq(users.id, v.userId));
  },

  async setDisabled(db: Executor, v: { userId: number; disabled: boolean; now: Date }): Promise<void> {
    await db.update(users).set({ disabled: v.disabled, updatedAt: v.now }).where(eq(users.id, v.userId));
  },

  /** The staff users screen: by part of phone, nickname or company name, member state and account kind. */
  async adminSearch(
    db: Executor,
    q: { keyword?: string; member?: 'member' | 'non_member'; role?: Role; page: number; per: number },
    now: Date,
  ): Promise<Paged<AdminUser>> {
    const where: SQL[] = [];
    if (q.keyword) {
      const p = containsPattern(q.keyword);
      where.push(sql`(${users.phone} LIKE ${p} OR ${users.nickname} LIKE ${p} OR ${users.companyName} LIKE ${p})`);
    }
    if (q.member === 'member') where.push(sql`${users.memberEndAt} > ${now}`);
    if (q.member === 'non_member') where.push(sql`(${users.memberEndAt} IS NULL OR ${users.memberEndAt} <= ${now})`);
    if (q.role) where.push(eq(users.role, q.role));
    const cond = where.length ? and(...where) : undefined;
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond);
    const rows = await db
      .select()
      .from(users)
      .where(cond)
      .orderBy(desc(users.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per);
    return { list: rows.map((u) => toAdminUser(u, now)), total: count?.n ?? 0, page: q.page, per: q.per };
  },

  /** One account for the staff user page (without its sessions, which the auth area counts). */
  async adminDetail(db: Executor, id: number, now: Date) {
    const [row] = await db
      .select({ user: users, achieve: personalAchieve })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(eq(users.id, id))
      .limit(1);
    if (!row) return undefined;
    return {
      ...toAdminUser(row.user, now),
      real_name: row.user.realName,
      star_id: row.achieve?.starId ?? 0,
      total_learn_time: row.achieve?.totalLearnTime ?? 0,
      finish_course_num: row.achieve?.finishCourseNum ?? 0,
    };
  },

  /** Which of these phones already have an account (the users import's check). */
  async existingPhones(db: Executor, phones: string[]): Promise<Set<string>> {
    if (!phones.length) return new Set();
    const rows = await db
      .select({ phone: users.phone })
      .from(users)
      .where(sql`${users.phone} = ANY(${pgArray(phones)}::text[])`);
    return new Set(rows.map((r) => r.phone));
  },

  /**
   * Personal accounts made by the staff users import, without a password (they log in by SMS code), with their
   * zero achievements. Returns the new ids in input order, or the phones already taken (then nothing is kept: the
   * caller's transaction is rolled back).
   */
  async createImported(
    tx: Executor,
    rows: {
      phone: string;
      realName: string;
      idNumber: string | null;
      companyName: string | null;
      memberEndAt: Date | null;
    }[],
    now: Date,
  ): Promise<{ ids: number[]; taken: string[] }> {
    const ids: number[] = [];
    const taken: string[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const inserted = await tx
        .insert(users)
        .values(
          batch.map((r) => ({
            phone: r.phone,
            passwordHash: null,
            role: 'personal' as const,
            realName: r.realName,
            nickname: r.realName,
            idNumber: r.idNumber,
            companyName: r.companyName,
            ownMemberEndAt: r.memberEndAt,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({ target: users.phone })
        .returning({ id: users.id, phone: users.phone });
      const byPhone = new Map(inserted.map((r) => [r.phone, r.id]));
      for (const r of batch) {
        const id = byPhone.get(r.phone);
        if (id === undefined) taken.push(r.phone);
        else ids.push(id);
      }
      if (inserted.length)
        await tx.insert(personalAchieve).values(inserted.map((r) => ({ userId: r.id }))).onConflictDoNothing();
    }
    return { ids, taken };
  },

  /** Accounts created per China-time day from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
  async registrationsByDay(db: Executor, fromDay: string, toDay: string): Promise<Map<string, number>> {
    const res = (await db.execute(sql`
      SELECT to_char((${users.createdAt} AT TIME ZONE 'UTC' + interval '8 hours')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM ${users}
       WHERE ${users.createdAt} >= (${fromDay}::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
         AND ${users.createdAt} < (${toDay}::date::timestamp + interval '16 hours') AT TIME ZONE 'UTC'
       GROUP BY 1`)) as unknown as { rows: { day: string; n: number }[] };
    return new Map(res.rows.map((r) => [r.day, r.n]));
  },

  /** Every account holding at least one staff role, by id. */
  async staffMembers(db: Executor) {
    return db
      .select({ id: users.id, phone: users.phone, nickname: users.nickname, roles: users.staffRoles })
      .from(users)
      .where(sql`cardinality(${users.staffRoles}) > 0`)
      .orderBy(users.id);
  },

  /** How many accounts hold the role (the last 管理员 cannot give it up). */
  async countWithRole(db: Executor, role: StaffRole): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${role} = ANY(${users.staffRoles})`);
    return row?.n ?? 0;
  },

  async setStar(db: Executor, userId: number, starId: number): Promise<void> {
    await db
      .insert(personalAchieve)
      .values({ userId, starId })
      .onConflictDoUpdate({ target: personalAchieve.userId, set: { starId } });
  },

  /** Extends the person's own membership by `days` from the later of now and the current end; returns the new end. */
  async extendMembership(db: Executor, v: { userId: number; days: number; now: Date }): Promise<Date> {
    const [row] = await db
      .update(users)
      .set({
        // From the later of now and the membership the person has (a company seat's term included): a year bought
        // while a seat runs follows it.
        ownMemberEndAt: sql`GREATEST(COALESCE(${users.memberEndAt}, ${v.now}::timestamptz), ${v.now}::timestamptz) + make_interval(days => ${v.days}::int)`,
        updatedAt: v.now,
      })
      .where(eq(users.id, v.userId))
      .returning({ end: users.memberEndAt });
    return row!.end!;
  },

  /** Adds learning seconds and finished courses to the achievements (the learning-time buffer's batched totals). */
  async addLearningTotals(
    db: Executor,
    achieve: { userId: number; seconds: number; finishedCourses: number }[],
  ): Promise<void> {
    if (!achieve.length) return;
    // The learning area owns exactly these two columns' increments (its buffer batches them, rows in user order).
    const rows = [...achieve].sort((a, b) => a.userId - b.userId);
    const t = sql.identifier(getTableName(personalAchieve));
    const user = sql.identifier(personalAchieve.userId.name);
    const time = sql.identifier(personalAchieve.totalLearnTime.name);
    const done = sql.identifier(personalAchieve.finishCourseNum.name);
    await db.execute(sql`INSERT INTO ${t} (${user}, ${time}, ${done})
        SELECT * FROM unnest(${pgArray(rows.map((a) => a.userId))}::int[], ${pgArray(rows.map((a) => a.seconds))}::int[],
                             ${pgArray(rows.map((a) => a.finishedCourses))}::int[])
        ON CONFLICT (${user}) DO UPDATE SET ${time} = ${t}.${time} + EXCLUDED.${time}, ${done} = ${t}.${done} + EXCLUDED.${done}`);
  },
};
export type UsersRepository = typeof usersRepository;
