import {
  moderationRoutes,
  type ModerationPage,
  type ModerationQuery,
  type ModerationWords,
  type ModerationWordsBody,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

export const moderationKeys = {
  all: ['moderation'] as const,
  list: (q: ModerationQuery) => ['moderation', 'list', q] as const,
  words: ['moderation', 'words'] as const,
};

export const moderationApi = {
  list: (q: ModerationQuery) => apiClient.get<ModerationPage>(moderationRoutes.adminList.path, q),
  /** Silent: the dialog shows the error next to the reason. */
  hide: (id: number, reason: string) =>
    apiClient.post<null>(withId(moderationRoutes.adminHide.path, id), { reason }, { silent: true }),
  restore: (id: number) => apiClient.post<null>(withId(moderationRoutes.adminRestore.path, id)),
  words: () => apiClient.get<ModerationWords>(moderationRoutes.adminWords.path),
  saveWords: (body: ModerationWordsBody) =>
    apiClient.put<ModerationWords>(moderationRoutes.adminSaveWords.path, body, { silent: true }),
};
