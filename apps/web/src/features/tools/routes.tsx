import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'financeTool', title: '智能工具', page: () => import('./pages/finance-tool-page') }),
  pageRoute({ path: 'financeTool/toolInfo/:id', title: '工具详情', page: () => import('./pages/tool-info-page') }),
  pageRoute({ path: 'toolpage', title: '财务工具箱', page: () => import('./pages/toolbox-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'riskReports', title: '风险检测报告', roles: BOTH_ROLES, page: () => import('./pages/risk-reports-page') }),
  pageRoute({ path: 'riskReports/:id', title: '风险检测报告', roles: BOTH_ROLES, page: () => import('./pages/risk-report-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'risk-reports', title: '风险检测报告', permission: 'risk_checks', page: () => import('./pages/admin-risk-reports-page') }),
];
