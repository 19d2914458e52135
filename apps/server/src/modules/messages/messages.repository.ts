import { and, count, eq, isNull } from 'drizzle-orm';
import { preparedStatement, type Executor } from '../../db/sql';
import { messages } from './messages.table';

export type MessageRow = typeof messages.$inferSelect;

/** See messagesRepository.page: $1 the user, $2 'read', 'unread' or null (all), $3 limit, $4 offset. */
const MESSAGE_PAGE = `SELECT
    (SELECT json_agg(json_build_object('id', m.id, 'title', m.title, 'content', m.content, 'read_at', m.read_at,
                                       'created_at', m.created_at)
                     ORDER BY (m.read_at IS NULL) DESC, m.created_at DESC, m.id DESC)
       FROM (SELECT id, title, content, read_at, created_at FROM messages
              WHERE user_id = $1 AND ($2::text IS NULL OR ($2::text = 'read') = (read_at IS NOT NULL))
              ORDER BY (read_at IS NULL) DESC, created_at DESC, id DESC LIMIT $3 OFFSET $4) m) AS list,
    count(*) FILTER (WHERE $2::text IS NULL OR ($2::text = 'read') = (read_at IS NOT NULL))::int AS total,
    count(*) FILTER (WHERE read_at IS NULL)::int AS unread
  FROM messages WHERE user_id = $1`;

interface MessagePageRow {
  list: { id: number; title: string; content: string; read_at: string | null; created_at: string }[] | null;
  total: number;
  unread: number;
}
const messagePage = preparedStatement<MessagePageRow, [number, string | null, number, number]>(
  'messages_page',
  MESSAGE_PAGE,
);

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

  /**
   * A page of a user's messages (unread first, then newest), the count of the filter and the unread count, in ONE
   * prepared statement (MESSAGE_PAGE): the message centre and its badge are read on every visit.
   */
  async page(db: Executor, userId: number, status: 'read' | 'unread' | undefined, limit: number, offset: number) {
    const [row] = await messagePage(db)(userId, status ?? null, limit, offset);
    const list: MessageRow[] = (row?.list ?? []).map((m) => ({
      id: m.id,
      userId,
      title: m.title,
      content: m.content,
      readAt: m.read_at === null ? null : new Date(m.read_at),
      createdAt: new Date(m.created_at),
    }));
    return { list, total: row?.total ?? 0, unread: row?.unread ?? 0 };
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
