import type { MarkMessagesReadBody, Message, MessagesPage, MessagesQuery } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../db/sql';
import { messagesRepository as repo, type MessageRow } from './messages.repository';

export interface MessagesService {
  /**
   * Writes a notice to a user's message centre. Pass `tx` to write inside the caller's transaction (the
   * message then exists only if the caller's change commits).
   */
  send(userId: number, title: string, content: string, tx?: Executor): Promise<number>;
  /** The same notice to many users (a bulk import), inside the caller's transaction when `tx` is given. */
  sendMany(userIds: number[], title: string, content: string, tx?: Executor): Promise<void>;
  list(userId: number, query: MessagesQuery): Promise<MessagesPage>;
  markRead(userId: number, body: MarkMessagesReadBody): Promise<{ unread: number }>;
  unreadCount(userId: number): Promise<number>;
}

const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  title: r.title,
  content: r.content,
  is_read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});

export function createMessagesService(deps: { db: Executor; clock: Clock }): MessagesService {
  const { db, clock } = deps;
  return {
    send: (userId, title, content, tx) => repo.insert(tx ?? db, { userId, title, content, now: clock.now() }),
    sendMany: (userIds, title, content, tx) => repo.insertMany(tx ?? db, { userIds, title, content, now: clock.now() }),

    async list(userId, { page, per, status }) {
      const { list, total, unread } = await repo.page(db, userId, status, per, (page - 1) * per);
      return { list: list.map(toMessage), total, page, per, unread };
    },

    async markRead(userId, body) {
      if ('id' in body) {
        const changed = await repo.markRead(db, userId, body.id, clock.now());
        // Already read is fine; another user's or a missing id is 404 either way.
        if (changed === 0 && !(await repo.exists(db, userId, body.id))) throw new AppError(404, '消息不存在');
      } else {
        await repo.markRead(db, userId, 'all', clock.now());
      }
      return { unread: await repo.unreadCount(db, userId) };
    },

    unreadCount: (userId) => repo.unreadCount(db, userId),
  };
}
