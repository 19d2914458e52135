import type { RouteObject } from 'react-router';
import { COMPANY_ONLY } from '@/shared/config/roles';
import { pageRoute } from '@/shared/lib/routing';
import { trainingAdminRoutes } from './admin-routes';
import { trainingEmployeeRoutes } from './employee-routes';

/** Company training (企业内训) has no public screen: everything is behind a login. */
export const publicRoutes: RouteObject[] = [];

/** The company's screens under /center/training (company accounts only), then the employee's 我的单位. */
const companyRoutes: RouteObject[] = [
  pageRoute({ path: 'training', title: '培训概览', roles: COMPANY_ONLY, page: () => import('./pages/company-overview-page') }),
  pageRoute({ path: 'training/employees', title: '员工管理', roles: COMPANY_ONLY, page: () => import('./pages/company-employees-page') }),
  pageRoute({ path: 'training/seats', title: '学员卡', roles: COMPANY_ONLY, page: () => import('./pages/company-seats-page') }),
  pageRoute({ path: 'training/assignments', title: '课程指派', roles: COMPANY_ONLY, page: () => import('./pages/company-assignments-page') }),
];

export const centreRoutes: RouteObject[] = [...companyRoutes, ...trainingEmployeeRoutes];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [...trainingAdminRoutes];
