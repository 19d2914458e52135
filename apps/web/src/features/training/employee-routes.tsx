import type { RouteObject } from 'react-router';
import { PERSONAL_ONLY } from '@/shared/config/roles';
import { pageRoute } from '@/shared/lib/routing';

/** The employee's side of company training under /center (spread into the feature's centreRoutes). */
export const trainingEmployeeRoutes: RouteObject[] = [
  pageRoute({ path: 'my-company', title: '我的单位', roles: PERSONAL_ONLY, page: () => import('./pages/employee-my-company-page') }),
];
