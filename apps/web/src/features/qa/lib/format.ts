import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';

/** China time (DECISIONS reading 19), so a server-rendered question shows the same times the browser draws. */
export const time = (iso: string | null | undefined) => chinaDateTime(iso, '—');
export const day = (iso: string | null | undefined) => chinaDate(iso, '—');

/** Public question page path. */
export const questionPath = (id: number) => `/quiz/${id}`;
export const threadPath = (id: number) => `/center/quizInfo?id=${id}`;
export const ASK_PATH = '/center/quizQuestion';
export const MY_QUESTIONS_PATH = '/center/quiz';
