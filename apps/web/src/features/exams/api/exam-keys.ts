import type { QuestionListQuery } from '@app/contracts/exams/exams.schemas';

/** Query keys of the exams area; a module of its own so the exam notice page needs no route descriptors. */
export const examKeys = {
  all: ['exams'] as const,
  types: ['exams', 'types'] as const,
  notice: (typeName: string) => ['exams', 'notice', typeName] as const,
  mine: ['exams', 'mine'] as const,
  attempt: (id: number) => ['exams', 'attempt', id] as const,
  certificates: ['exams', 'certificates'] as const,
  check: (number: string) => ['exams', 'check', number] as const,
  questions: (q: QuestionListQuery) => ['exams', 'admin', 'questions', q] as const,
  papers: ['exams', 'admin', 'papers'] as const,
  grading: ['exams', 'admin', 'grading'] as const,
  sessions: ['exams', 'admin', 'sessions'] as const,
  adminTypes: ['exams', 'admin', 'types'] as const,
  adminCertificates: (keyword: string) => ['exams', 'admin', 'certificates', keyword] as const,
};
