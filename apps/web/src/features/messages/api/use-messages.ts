import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkMessagesReadBody, MessagesQuery } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { messageKeys, messagesApi } from './messages-api';

export function useMessages(query: MessagesQuery) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => messagesApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * Marks one message (`{ id }`) or all (`{ all: true }`) read, then refreshes the lists and the current user so the
 * header badge (message_num) shows the new count.
 */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkMessagesReadBody) => messagesApi.markRead(body),
    onSuccess: async ({ unread }) => {
      const { user, setUser, loadCurrentUser } = useSessionStore.getState();
      // Show the new count at once; the reload below brings the rest of the user up to date.
      if (user) setUser({ ...user, message_num: unread });
      void loadCurrentUser();
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
