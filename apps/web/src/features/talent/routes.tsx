import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';
import { BOTH_ROLES, PERSONAL_ONLY } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'jobDetail/talentPortrayal', title: '人才画像', page: underConstruction }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'talentPortrayal', title: '人才画像', roles: BOTH_ROLES, page: underConstruction }),
  pageRoute({ path: 'credit-archive', title: '信用档案', roles: PERSONAL_ONLY, page: underConstruction }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [];
