import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [
  // The player combines learning (video, notes, questions) and courses (lesson list, access prompt): app/.
  pageRoute({ path: 'train/play/:courseId/:lessonId', title: '课程学习', auth: true, page: () => import('@/app/pages/learning/lesson-play-page') }),
];

export const centreRoutes: RouteObject[] = [
  // DECISIONS.md 1: login only, no role restriction.
  pageRoute({ path: 'note', title: '我的笔记', page: () => import('./pages/my-notes-page') }),
];
