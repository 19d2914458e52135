import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'master-live', title: '名师直播', roles: BOTH_ROLES, page: () => import('./pages/master-live-page') }),
  // hls.js loads inside the live room only.
  pageRoute({ path: 'master-live/:liveId', title: '直播间', roles: BOTH_ROLES, page: () => import('./pages/live-room-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'live', permission: 'live', title: '名师直播', page: () => import('./pages/admin-live-page') }),
];
