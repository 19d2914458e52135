import type { CurrentUser, Profile, Role } from '@app/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/sql';
import { messages } from '../messages/messages.table';
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
      isStaff?: boolean;
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
        isStaff: v.isStaff ?? false,
        memberEndAt: v.memberEndAt ?? null,
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

  async currentUser(db: Executor, userId: number, now: Date): Promise<CurrentUser | undefined> {
    const [row] = await db
      .select({ user: users, achieve: personalAchieve })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return undefined;
    const [unread] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
    const u = row.user;
    return {
      id: u.id,
      phone: u.phone,
      nickname: u.nickname,
      avatar: u.avatar,
      message_num: unread?.n ?? 0,
      is_member: u.memberEndAt !== null && u.memberEndAt > now,
      member_end_at: u.memberEndAt?.toISOString() ?? null,
      role: u.role,
      is_staff: u.isStaff,
      star_id: row.achieve?.starId ?? 0,
      total_learn_time: row.achieve?.totalLearnTime ?? 0,
      finish_course_num: row.achieve?.finishCourseNum ?? 0,
    };
  },

  async profile(db: Executor, userId: number): Promise<Profile | undefined> {
    const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return u ? toProfile(u) : undefined;
  },

  async updateProfile(db: Executor, userId: number, changes: ProfileChanges, now: Date): Promise<Profile | undefined> {
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
      const [old] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
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
};
export type UsersRepository = typeof usersRepository;
