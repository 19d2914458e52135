import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

// /learnBase itself is drawn by the content feature (learning-base pages are edited with the other content); it and
// /projectCooperate link to the application here.
export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'learnBase/apply', title: '学习基地负责人申请', page: () => import('./pages/base-manager-apply-page') }),
];

export const centreRoutes: RouteObject[] = [];

/** Staff screens under /admin (app/router/admin-routes.ts): content staff answer the applications. */
export const adminRoutes: RouteObject[] = [
  pageRoute({
    path: 'base-managers',
    permission: 'content',
    title: '学习基地负责人申请',
    page: () => import('./pages/admin-base-managers-page'),
  }),
];
