import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

// The member's year is part of /center/credit-archive (talent's route, composed in app/pages/credits).
export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'creditCertificate/:number', title: '学时证明查验', page: () => import('./pages/certificate-check-page') }),
];
export const centreRoutes: RouteObject[] = [];

/** Staff screens under /admin (app/router/admin-routes.ts): the yearly rules and the courses' credits. */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'credits/rules', permission: 'credits', title: '学分规则', page: () => import('./pages/admin-credit-rules-page') }),
  pageRoute({ path: 'credits/conversions', permission: 'credits', title: '学分折算审核', page: () => import('./pages/admin-conversions-page') }),
  pageRoute({ path: 'credits/courses', permission: 'credits', title: '课程学分设置', page: () => import('./pages/admin-course-credits-page') }),
  pageRoute({ path: 'credits/report', permission: 'credits', title: '学分年度报表', page: () => import('./pages/admin-credit-report-page') }),
];
