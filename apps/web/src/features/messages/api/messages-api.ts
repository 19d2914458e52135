import {
  messagesRoutes,
  type MarkMessagesReadBody,
  type MessagesPage,
  type MessagesQuery,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

export const messagesApi = {
  list: (query: MessagesQuery) => apiClient.get<MessagesPage>(messagesRoutes.list.path, query),
  markRead: (body: MarkMessagesReadBody) =>
    apiClient.post<{ unread: number }>(messagesRoutes.markRead.path, body),
};

export const messageKeys = {
  all: ['messages'] as const,
  list: (query: MessagesQuery) => ['messages', 'list', query] as const,
};
