import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES, PERSONAL_ONLY } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  // ?user_id= of the person; shown only when that person made the portrait public.
  pageRoute({
    path: 'jobDetail/talentPortrayal',
    title: '人才画像',
    page: () => import('./pages/public-portrait-page'),
  }),
  // The star-level evaluation explained (top link 考试认证).
  pageRoute({ path: 'evaluate', title: '考试认证', page: () => import('./pages/evaluate-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({
    path: 'talentPortrayal',
    title: '人才画像',
    roles: BOTH_ROLES,
    page: () => import('./pages/talent-portrait-page'),
  }),
  pageRoute({
    path: 'credit-archive',
    title: '学分档案',
    roles: PERSONAL_ONLY,
    // The year's continuing-education credits and this record, composed in app/ (two features).
    page: () => import('@/app/pages/credits/credit-archive-page'),
  }),
  // SPEC §2: login only, no role restriction.
  pageRoute({ path: 'evaluation', title: '我的测评', page: () => import('./pages/evaluation-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({
    path: 'evaluations',
    title: '星级评价审核',
    permission: 'stars',
    page: () => import('./pages/admin-evaluations-page'),
  }),
];
