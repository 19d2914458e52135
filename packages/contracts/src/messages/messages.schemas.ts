import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';

/** A message in the user's message centre (system notices). */
export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  is_read: z.boolean(),
  /** ISO time the message was written. */
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const MESSAGE_STATUSES = ['read', 'unread'] as const;

/** GET /api/messages: paged, unread first then newest; `status` keeps only read or unread ones. */
export const messagesQuerySchema = pageQuerySchema.extend({
  status: z.enum(MESSAGE_STATUSES, { error: '消息状态不正确' }).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messagesPageSchema = pagedSchema(messageSchema).extend({
  /** Unread messages of the user in total (the header badge). */
  unread: z.number().int(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** POST /api/messages: mark one message `{ id }` or all `{ all: true }` read. Another user's id answers 404. */
export const markMessagesReadBodySchema = z.union([
  z.object({ id: recordIdSchema('请指定消息') }),
  z.object({ all: z.literal(true) }),
], { error: '请指定消息或全部已读' });
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBodySchema>;

export const markMessagesReadDataSchema = z.object({
  /** Unread messages left. */
  unread: z.number().int(),
});
