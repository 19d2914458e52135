import { and, asc, count, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';
import { liveAttendance, liveBookings, liveChatMessages, liveClasses } from './live.table';

export type ClassRow = typeof liveClasses.$inferSelect;
export type ChatRow = typeof liveChatMessages.$inferSelect;

const endsAt = sql`${liveClasses.startsAt} + make_interval(mins => ${liveClasses.durationMinutes})`;

export const liveRepository = {
  async byId(db: DbOrTx, id: number): Promise<ClassRow | undefined> {
    const [row] = await db.select().from(liveClasses).where(eq(liveClasses.id, id));
    return row;
  },

  /** Locks the class row for the rest of the transaction (capacity checks). */
  async lock(db: DbOrTx, id: number): Promise<ClassRow | undefined> {
    const [row] = await db.select().from(liveClasses).where(eq(liveClasses.id, id)).for('update');
    return row;
  },

  async upcoming(db: DbOrTx, now: Date): Promise<ClassRow[]> {
    return db.select().from(liveClasses).where(gt(endsAt, now)).orderBy(asc(liveClasses.startsAt));
  },

  async past(db: DbOrTx, now: Date): Promise<ClassRow[]> {
    return db.select().from(liveClasses).where(lte(endsAt, now)).orderBy(desc(liveClasses.startsAt)).limit(50);
  },

  async bookedBy(db: DbOrTx, userId: number): Promise<ClassRow[]> {
    const rows = await db
      .select({ c: liveClasses })
      .from(liveBookings)
      .innerJoin(liveClasses, eq(liveClasses.id, liveBookings.classId))
      .where(eq(liveBookings.userId, userId))
      .orderBy(desc(liveClasses.startsAt));
    return rows.map((r) => r.c);
  },

  async all(db: DbOrTx): Promise<ClassRow[]> {
    return db.select().from(liveClasses).orderBy(desc(liveClasses.startsAt));
  },

  async bookedCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: liveBookings.classId, n: count() })
      .from(liveBookings)
      .where(sql`${liveBookings.classId} in ${ids}`)
      .groupBy(liveBookings.classId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async myBookings(db: DbOrTx, userId: number): Promise<Set<number>> {
    const rows = await db.select({ id: liveBookings.classId }).from(liveBookings).where(eq(liveBookings.userId, userId));
    return new Set(rows.map((r) => r.id));
  },

  async booking(db: DbOrTx, classId: number, userId: number) {
    const [row] = await db
      .select()
      .from(liveBookings)
      .where(and(eq(liveBookings.classId, classId), eq(liveBookings.userId, userId)));
    return row;
  },

  async freeUsed(db: DbOrTx, userId: number, yearStart: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(liveBookings)
      .where(and(eq(liveBookings.userId, userId), eq(liveBookings.quotaYearStart, yearStart)));
    return row?.n ?? 0;
  },

  async insertBooking(db: DbOrTx, v: typeof liveBookings.$inferInsert) {
    await db.insert(liveBookings).values(v);
  },

  async deleteBooking(db: DbOrTx, classId: number, userId: number): Promise<boolean> {
    const rows = await db
      .delete(liveBookings)
      .where(and(eq(liveBookings.classId, classId), eq(liveBookings.userId, userId)))
      .returning({ id: liveBookings.id });
    return rows.length > 0;
  },

  async bookerIds(db: DbOrTx, classId: number): Promise<number[]> {
    const rows = await db.select({ id: liveBookings.userId }).from(liveBookings).where(eq(liveBookings.classId, classId));
    return rows.map((r) => r.id);
  },

  /** Classes starting within `minutes` whose reminder of that kind is not sent yet. */
  async dueReminders(db: DbOrTx, now: Date, minutes: number, kind: 'day' | 'soon'): Promise<ClassRow[]> {
    const flag = kind === 'day' ? liveClasses.remindedDay : liveClasses.remindedSoon;
    return db
      .select()
      .from(liveClasses)
      .where(
        and(
          eq(flag, false),
          gt(liveClasses.startsAt, now),
          lte(liveClasses.startsAt, new Date(now.getTime() + minutes * 60_000)),
        ),
      );
  },

  /** Marks a reminder sent; false when another process marked it first. */
  async markReminded(db: DbOrTx, id: number, kind: 'day' | 'soon'): Promise<boolean> {
    const flag = kind === 'day' ? liveClasses.remindedDay : liveClasses.remindedSoon;
    const rows = await db
      .update(liveClasses)
      .set(kind === 'day' ? { remindedDay: true } : { remindedSoon: true })
      .where(and(eq(liveClasses.id, id), eq(flag, false)))
      .returning({ id: liveClasses.id });
    return rows.length > 0;
  },

  // ---- chat -------------------------------------------------------------------------------------------------

  async chatAfter(db: DbOrTx, classId: number, afterId: number, limit: number): Promise<ChatRow[]> {
    return db
      .select()
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.classId, classId), gt(liveChatMessages.id, afterId), isNull(liveChatMessages.removedAt)))
      .orderBy(asc(liveChatMessages.id))
      .limit(limit);
  },

  async chatLatest(db: DbOrTx, classId: number, limit: number): Promise<ChatRow[]> {
    const rows = await db
      .select()
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.classId, classId), isNull(liveChatMessages.removedAt)))
      .orderBy(desc(liveChatMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  async chatMessage(db: DbOrTx, classId: number, id: number): Promise<ChatRow | undefined> {
    const [row] = await db
      .select()
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.classId, classId), eq(liveChatMessages.id, id), isNull(liveChatMessages.removedAt)));
    return row;
  },

  async recentBy(db: DbOrTx, classId: number, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(liveChatMessages)
      .where(and(eq(liveChatMessages.classId, classId), eq(liveChatMessages.userId, userId), gte(liveChatMessages.createdAt, since)));
    return row?.n ?? 0;
  },

  async insertChat(db: DbOrTx, v: Omit<typeof liveChatMessages.$inferInsert, 'id'>): Promise<ChatRow> {
    const [row] = await db.insert(liveChatMessages).values(v).returning();
    return row!;
  },

  async removeChat(db: DbOrTx, classId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(liveChatMessages)
      .set({ removedAt: now })
      .where(and(eq(liveChatMessages.classId, classId), eq(liveChatMessages.id, id), isNull(liveChatMessages.removedAt)))
      .returning({ id: liveChatMessages.id });
    return rows.length > 0;
  },

  /** A chat message by id alone, removed or not, with its class title (moderation's view of it). */
  async chatForModeration(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ message: liveChatMessages, title: liveClasses.title })
      .from(liveChatMessages)
      .innerJoin(liveClasses, eq(liveClasses.id, liveChatMessages.classId))
      .where(eq(liveChatMessages.id, id));
    return row;
  },

  async restoreChat(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .update(liveChatMessages)
      .set({ removedAt: null })
      .where(eq(liveChatMessages.id, id))
      .returning({ id: liveChatMessages.id });
    return rows.length > 0;
  },

  async setPinned(db: DbOrTx, classId: number, messageId: number | null, now: Date) {
    await db.update(liveClasses).set({ pinnedMessageId: messageId, updatedAt: now }).where(eq(liveClasses.id, classId));
  },

  // ---- attendance -------------------------------------------------------------------------------------------

  async attendance(db: DbOrTx, classId: number, userId: number) {
    const [row] = await db
      .select()
      .from(liveAttendance)
      .where(and(eq(liveAttendance.classId, classId), eq(liveAttendance.userId, userId)))
      .for('update');
    return row;
  },

  async saveAttendance(db: DbOrTx, classId: number, userId: number, seconds: number, at: Date) {
    await db
      .insert(liveAttendance)
      .values({ classId, userId, seconds, lastReportAt: at })
      .onConflictDoUpdate({ target: [liveAttendance.classId, liveAttendance.userId], set: { seconds, lastReportAt: at } });
  },

  // ---- staff ------------------------------------------------------------------------------------------------

  async insertClass(db: DbOrTx, v: Omit<typeof liveClasses.$inferInsert, 'id'>): Promise<ClassRow> {
    const [row] = await db.insert(liveClasses).values(v).returning();
    return row!;
  },

  async updateClass(db: DbOrTx, id: number, v: Partial<typeof liveClasses.$inferInsert>): Promise<ClassRow | undefined> {
    const [row] = await db.update(liveClasses).set(v).where(eq(liveClasses.id, id)).returning();
    return row;
  },

  /** Read-only: who the viewer is (name shown in chat, staff flag, role). */
  async viewer(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ phone: users.phone, nickname: users.nickname, isStaff: users.isStaff, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },
};
