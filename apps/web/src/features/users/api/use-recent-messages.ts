import { useQuery } from '@tanstack/react-query';
import { messagesRoutes, type MessagesPage } from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

export const RECENT_MESSAGES_COUNT = 5;

/** Newest messages for the dashboard (unread first). The key sits under ['messages'] so reading a message refreshes it. */
export function useRecentMessages() {
  return useQuery({
    queryKey: ['messages', 'recent', RECENT_MESSAGES_COUNT] as const,
    queryFn: () =>
      apiClient.get<MessagesPage>(messagesRoutes.list.path, { page: 1, per: RECENT_MESSAGES_COUNT }),
  });
}
