import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'quiz', title: '在线问答', page: () => import('./pages/quiz-page') }),
  pageRoute({ path: 'quiz/:id', title: '问题详情', antd: false, page: () => import('./pages/quiz-question-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({
    path: 'finance-consult',
    title: '财税咨询',
    roles: BOTH_ROLES,
    page: () => import('./pages/finance-consult-page'),
  }),
  // SPEC §2: login only, no role restriction ("my questions" is the one centre entry for every role).
  pageRoute({ path: 'quiz', title: '我的提问', page: () => import('./pages/my-questions-page') }),
  pageRoute({ path: 'quizInfo', title: '提问详情', page: () => import('./pages/thread-page') }),
  pageRoute({ path: 'quizQuestion', title: '我要提问', page: () => import('./pages/ask-page') }),
];

/** Screens under /admin: staff see both; an expert account sees only the workspace (`expert: true`). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'quiz', title: '问答管理', permission: 'qa', page: () => import('./pages/admin-quiz-page') }),
  pageRoute({
    path: 'quiz-expert',
    title: '专家工作台',
    expert: true,
    page: () => import('./pages/expert-workspace-page'),
  }),
];
