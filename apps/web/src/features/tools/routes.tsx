import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

/** The risk check's page (RISK_CHECK_TOOL.id). */
export const RISK_CHECK_PATH = 'financeTool/toolInfo/risk-check';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'financeTool', title: '智能工具', antd: false, page: () => import('./pages/finance-tool-page') }),
  // The calculators are drawn without antd; the risk check (a static segment, matched before :id) is an antd form.
  // Its id is written out, as the catalogue would bring every calculator into the route table (routes.test.ts).
  pageRoute({ path: 'financeTool/toolInfo/:id', title: '工具详情', antd: false, page: () => import('./pages/tool-info-page') }),
  pageRoute({ path: RISK_CHECK_PATH, title: '工具详情', page: () => import('./pages/risk-check-page') }),
  pageRoute({ path: 'toolpage', title: '财务工具箱', antd: false, page: () => import('./pages/toolbox-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'riskReports', title: '风险检测报告', roles: BOTH_ROLES, page: () => import('./pages/risk-reports-page') }),
  pageRoute({ path: 'riskReports/:id', title: '风险检测报告', roles: BOTH_ROLES, page: () => import('./pages/risk-report-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'risk-reports', title: '风险检测报告', permission: 'risk_checks', page: () => import('./pages/admin-risk-reports-page') }),
];
