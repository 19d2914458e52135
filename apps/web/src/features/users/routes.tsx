import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [];

export const centreRoutes: RouteObject[] = [
  pageRoute({
    path: 'student',
    title: '学员中心',
    roles: BOTH_ROLES,
    // With this year's continuing-education credits, composed in app/ (two features).
    page: () => import('@/app/pages/credits/student-home-page'),
  }),
];
