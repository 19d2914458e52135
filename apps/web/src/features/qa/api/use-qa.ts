import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminQueueParams, ExpertQueueQuery, QaState } from '@app/contracts/qa/qa.schemas';
import { qaApi, qaKeys, type QuizListParams } from './qa-api';

export function useQuizList(q: QuizListParams) {
  return useQuery({
    queryKey: qaKeys.list(q),
    queryFn: () => qaApi.list(q),
    placeholderData: keepPreviousData,
  });
}
export function useQuizTags() {
  return useQuery({ queryKey: qaKeys.tags, queryFn: qaApi.tags, staleTime: 5 * 60_000 });
}
export { useQuizDetail } from './quiz-detail-api';
/** Similar answered questions for the text being typed (debounced by the caller). */
export function useSimilar(text: string) {
  return useQuery({
    queryKey: qaKeys.similar(text),
    queryFn: () => qaApi.similar(text),
    enabled: text.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
}
export function useQuota() {
  return useQuery({ queryKey: qaKeys.quota, queryFn: qaApi.quota });
}
export function useMyQuestions(q: { page: number; per: number; state?: QaState }) {
  return useQuery({
    queryKey: qaKeys.mine(q),
    queryFn: () => qaApi.mine(q),
    placeholderData: keepPreviousData,
  });
}
export function useThread(id: number) {
  return useQuery({
    queryKey: qaKeys.thread(id),
    queryFn: () => qaApi.thread(id),
    enabled: id > 0,
    retry: false,
  });
}
export function useExpertQueue(q: ExpertQueueQuery, enabled = true) {
  return useQuery({
    queryKey: qaKeys.queue(q),
    queryFn: () => qaApi.expertQueue(q),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export function useExpertQuestion(id: number | null) {
  return useQuery({
    queryKey: qaKeys.expertQuestion(id ?? 0),
    queryFn: () => qaApi.expertQuestion(id!),
    enabled: !!id,
  });
}
export function useAdminQueue(q: AdminQueueParams) {
  return useQuery({
    queryKey: qaKeys.adminQueue(q),
    queryFn: () => qaApi.adminQueue(q),
    placeholderData: keepPreviousData,
  });
}
export function useAdminQuestion(id: number | null) {
  return useQuery({
    queryKey: qaKeys.adminQuestion(id ?? 0),
    queryFn: () => qaApi.adminQuestion(id!),
    enabled: !!id,
  });
}
export function useExperts() {
  return useQuery({ queryKey: qaKeys.experts, queryFn: qaApi.experts });
}
export function useQaStats() {
  return useQuery({ queryKey: qaKeys.stats, queryFn: qaApi.stats });
}
export function useCalendarYear(year: number) {
  return useQuery({ queryKey: qaKeys.calendar(year), queryFn: () => qaApi.calendar(year) });
}
