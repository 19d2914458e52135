import type { QuizListParams } from './qa-api';

/** Query keys of the Q&A area; a module of its own so the question page needs no route descriptors. */
export const qaKeys = {
  all: ['qa'] as const,
  list: (q: QuizListParams) => ['qa', 'list', q] as const,
  tags: ['qa', 'tags'] as const,
  detail: (id: number) => ['qa', 'detail', id] as const,
  similar: (text: string) => ['qa', 'similar', text] as const,
  quota: ['qa', 'quota'] as const,
  askableExpert: (id: number) => ['qa', 'askable-expert', id] as const,
  mine: (q: object) => ['qa', 'mine', q] as const,
  thread: (id: number) => ['qa', 'thread', id] as const,
  expertMe: ['qa', 'expert-me'] as const,
  queue: (q: object) => ['qa', 'queue', q] as const,
  expertQuestion: (id: number) => ['qa', 'expert-question', id] as const,
  adminQueue: (q: object) => ['qa', 'admin-queue', q] as const,
  adminQuestion: (id: number) => ['qa', 'admin-question', id] as const,
  experts: ['qa', 'experts'] as const,
  stats: ['qa', 'stats'] as const,
  calendar: (year: number) => ['qa', 'calendar', year] as const,
  consultations: (scope: 'mine' | 'expert' | 'admin', q: object) =>
    ['qa', 'consultations', scope, q] as const,
};
