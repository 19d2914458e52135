import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { queryClient } from '@/shared/lib/query-client';
import { pageRoute } from '@/shared/lib/routing';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { learningApi, learningKeys } from './api/learning-api';
import { LessonPlayFrame } from './components/lesson-play-frame';

/**
 * Starts the player's two reads (the lesson with its signed video URL, the course outline) together with the page's
 * code instead of after it has loaded and run: on a phone's network that is the video's first frame a second or more
 * sooner (docs/performance.md). Never waited for; the page's queries pick the requests up.
 */
function prefetchPlayer({ params }: LoaderFunctionArgs): null {
  if (!useSessionStore.getState().token) return null;
  const courseId = Number(params.courseId);
  const lessonId = Number(params.lessonId);
  if (Number.isInteger(lessonId) && lessonId > 0)
    void queryClient.prefetchQuery({
      queryKey: learningKeys.lesson(lessonId),
      queryFn: () => learningApi.lesson(lessonId),
      staleTime: Infinity,
    });
  if (Number.isInteger(courseId) && courseId > 0)
    void queryClient.prefetchQuery({
      queryKey: learningKeys.course(courseId),
      queryFn: () => learningApi.course(courseId),
    });
  return null;
}

export const publicRoutes: RouteObject[] = [
  // The player combines learning (video, notes, questions) and courses (lesson list, access prompt): app/.
  {
    ...pageRoute({
      path: 'train/play/:courseId/:lessonId',
      title: '课程学习',
      auth: true,
      frame: (params) => <LessonPlayFrame courseId={Number(params.courseId) || 0} />,
      page: () => import('@/app/pages/learning/lesson-play-page'),
    }),
    loader: prefetchPlayer,
  },
];

export const centreRoutes: RouteObject[] = [
  // DECISIONS.md 1: login only, no role restriction.
  pageRoute({ path: 'note', title: '我的笔记', page: () => import('./pages/my-notes-page') }),
];
