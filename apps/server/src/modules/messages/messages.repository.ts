import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/sql';
import { messages } from './messages.table';

export type MessageRow = typeof messages.$inferSelect;

export const messagesRepository = {
  async insert(db: Executor, v: { userId: number; title: string; content: string; now: Date }): Promise<number> {
    const [row] = await db
      .insert(messages)
      .values({ userId: v.userId, title: v.title, content: v.content, createdAt: v.now })
      .returning({ id: messages.id });
    return row!.id;
  },

  /** The same notice to many users, in batches of 1,000 rows per statement. */
  async insertMany(db: Executor, v: { userIds: number[]; title: string; content: string; now: Date }): Promise<void> {
    for (let i = 0; i < v.userIds.length; i += 1000) {
      await db
        .insert(messages)
        .values(v.userIds.slice(i, i + 1000).map((userId) => ({ userId, title: v.title, content: v.content, createdAt: v.now })));
    }
  },

  async page(db: Executor, userId: number, status: 'read' | 'unread' | undefined, limit: number, offset: number) {
    const conds: SQL[] = [eq(messages.userId, userId)];
    if (status === 'read') conds.push(isNotNull(messages.readAt));
    if (status === 'unread') conds.push(isNull(messages.readAt));
    const where = and(...conds);
    const [list, [total]] = await Promise.all([
      db
        .select()
        .from(messages)
        .where(where)
        // Unread first, then newest.
        .orderBy(sql`(${messages.readAt} is null) desc`, desc(messages.createdAt), desc(messages.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(messages).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  },

  async unreadCount(db: Executor, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
    return row?.n ?? 0;
  },

  /** True when the message exists and belongs to the user. */
  async exists(db: Executor, userId: number, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.userId, userId)))
      .limit(1);
    return row !== undefined;
  },

  async markRead(db: Executor, userId: number, id: number | 'all', now: Date): Promise<number> {
    const conds = [eq(messages.userId, userId), isNull(messages.readAt)];
    if (id !== 'all') conds.push(eq(messages.id, id));
    const rows = await db.update(messages).set({ readAt: now }).where(and(...conds)).returning({ id: messages.id });
    return rows.length;
  },
};
