import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

// The notices of the course page and the exam notice are composed in app/pages (the standards feature has no public
// page of its own).
export const publicRoutes: RouteObject[] = [];
export const centreRoutes: RouteObject[] = [];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'standards', permission: 'standards', title: '准则与政策', page: () => import('./pages/admin-standards-page') }),
];
