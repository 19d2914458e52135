import { envelopeSchema } from '../common/envelope';
import {
  markMessagesReadBodySchema,
  markMessagesReadDataSchema,
  messagesPageSchema,
  messagesQuerySchema,
} from './messages.schemas';

/** Message centre endpoints (login required). */
export const messagesRoutes = {
  list: {
    method: 'GET',
    path: '/api/messages',
    summary: '消息列表（未读在前，按时间倒序）',
    query: messagesQuerySchema,
    response: envelopeSchema(messagesPageSchema),
  },
  markRead: {
    method: 'POST',
    path: '/api/messages',
    summary: '标记消息已读（单条或全部）',
    body: markMessagesReadBodySchema,
    response: envelopeSchema(markMessagesReadDataSchema),
  },
} as const;
