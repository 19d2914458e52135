import type {
  AnswerQuestionBody,
  AnswerResult,
  CourseDetail,
  CreateNoteBody,
  LessonDetail,
  LessonPresence,
  LikeNoteResult,
  MyCoursesPage,
  MyCoursesQuery,
  Note,
  NotesPage,
  NotesQuery,
  PresenceConfirmBody,
  RankData,
  RankPeriod,
  UpdateNoteBody,
  WatchReportBody,
  WatchReportResult,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { LEARNING_PATHS as P } from './learning-paths';

export const learningApi = {
  rank: (period: RankPeriod) => apiClient.get<RankData>(P.homePageRank, { period }),
  // Course outline for the player's sidebar (same endpoint as the course page; cached under learning keys).
  course: (id: number) => apiClient.get<CourseDetail>(P.showCourse, { id }),
  // The '请购买学员卡' answer is silent in the client (SPEC §8); the page renders its own prompt.
  lesson: (id: number) => apiClient.get<LessonDetail>(P.showLesson, { id }),
  // Reports are frequent and retried by the next one: no toast for a failed heartbeat.
  report: (body: WatchReportBody) => apiClient.post<WatchReportResult>(P.watchCreate, body, { silent: true }),
  /** Answers the lesson's open presence check (学习确认). */
  confirmPresence: (body: PresenceConfirmBody) => apiClient.post<LessonPresence>(P.lessonPresence, body),
  answer: (body: AnswerQuestionBody) => apiClient.post<AnswerResult>(P.answerQuestion, body),
  myCourses: (query: MyCoursesQuery) => apiClient.get<MyCoursesPage>(P.myCourses, query),
  notes: (query: NotesQuery) => apiClient.get<NotesPage>(P.notes, query),
  createNote: (body: CreateNoteBody) => apiClient.post<Note>(P.notes, body),
  updateNote: (id: number, body: UpdateNoteBody) => apiClient.put<Note>(`${P.notes}/${id}`, body),
  removeNote: (id: number) => apiClient.delete<null>(`${P.notes}/${id}`),
  likeNote: (id: number) => apiClient.post<LikeNoteResult>(P.noteLike, { id }),
};

/**
 * A progress report that must outlive the page (pagehide): sendBeacon posts text/plain JSON and cannot set the
 * token header, so the token travels in the body (watch_create accepts it there). Falls back to a keepalive fetch.
 */
export function beaconReport(body: WatchReportBody, token: string | null): boolean {
  const payload = JSON.stringify(token ? { ...body, token } : body);
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(P.watchCreate, new Blob([payload], { type: 'text/plain;charset=UTF-8' }))) return true;
  }
  if (typeof fetch === 'function') {
    void fetch(P.watchCreate, {
      method: 'POST',
      body: payload,
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    }).catch(() => undefined);
    return true;
  }
  return false;
}

export const learningKeys = {
  all: ['learning'] as const,
  rank: (period: RankPeriod) => ['learning', 'rank', period] as const,
  course: (id: number) => ['learning', 'course', id] as const,
  lesson: (id: number) => ['learning', 'lesson', id] as const,
  myCourses: (query: MyCoursesQuery) => ['learning', 'my-courses', query] as const,
  notes: (query: NotesQuery) => ['learning', 'notes', query] as const,
  allNotes: ['learning', 'notes'] as const,
};
