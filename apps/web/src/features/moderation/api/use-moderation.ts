import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationQuery, ModerationWordsBody } from '@app/contracts';
import { moderationApi, moderationKeys } from './moderation-api';

export function useModerationQueue(q: ModerationQuery) {
  return useQuery({ queryKey: moderationKeys.list(q), queryFn: () => moderationApi.list(q), placeholderData: keepPreviousData });
}

export function useModerationWords() {
  return useQuery({ queryKey: moderationKeys.words, queryFn: moderationApi.words });
}

export function useModerationActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: moderationKeys.all });
  return {
    hide: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) => moderationApi.hide(id, reason),
      onSuccess: refresh,
    }),
    restore: useMutation({ mutationFn: (id: number) => moderationApi.restore(id), onSuccess: refresh }),
    saveWords: useMutation({
      mutationFn: (body: ModerationWordsBody) => moderationApi.saveWords(body),
      onSuccess: (data) => qc.setQueryData(moderationKeys.words, data),
    }),
  };
}
