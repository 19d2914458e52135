import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'moderation', permission: 'moderation', title: '内容审核', page: () => import('./pages/admin-moderation-page') }),
];
