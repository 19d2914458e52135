import { useQuery } from '@tanstack/react-query';
import type { QuizDetail } from '@app/contracts/qa/qa.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';
import { qaKeys } from './qa-keys';

/**
 * The public question page's calls, by their literal paths (qaRoutes.detail and qaRoutes.vote, checked by a test): the
 * route descriptors would bring zod and every Q&A schema into a page drawn for visitors from a shared link.
 */
export const QUIZ_DETAIL_PATH = '/api/quiz/questions/:id';
export const QUIZ_VOTE_PATH = '/api/quiz/questions/:id/vote';

export const quizDetailApi = {
  detail: (id: number) => apiClient.get<QuizDetail>(withId(QUIZ_DETAIL_PATH, id)),
  vote: (id: number) =>
    apiClient.requestEnvelope<{ useful_count: number; voted: boolean }>({
      method: 'POST',
      url: withId(QUIZ_VOTE_PATH, id),
      data: {},
      // The page shows the server's message itself.
      silent: true,
    }),
};

export function useQuizDetail(id: number) {
  return useQuery({
    queryKey: qaKeys.detail(id),
    queryFn: () => quizDetailApi.detail(id),
    enabled: id > 0,
    retry: false,
  });
}
