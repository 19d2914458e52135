import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'magazine', title: '杂志', page: () => import('./pages/magazine-page') }),
  // PDF.js and its worker load inside this page only.
  pageRoute({ path: 'magazine-read/:magazineId', title: '杂志阅读', page: () => import('./pages/magazine-read-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'magazines', permission: 'magazine', title: '电子杂志', page: () => import('./pages/admin-magazines-page') }),
];
