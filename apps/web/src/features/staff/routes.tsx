import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

/** The staff console's own screens under /admin (app/router/admin-routes.ts): users, exports, roles and the audit log. */
export const adminRoutes: RouteObject[] = [
  pageRoute({
    path: 'users',
    title: '用户管理',
    permission: 'users',
    page: () => import('./pages/admin-users-page'),
  }),
  pageRoute({
    path: 'exports',
    title: '数据导出',
    permission: 'reports',
    page: () => import('./pages/admin-exports-page'),
  }),
  pageRoute({
    path: 'staff',
    title: '员工角色',
    permission: 'staff_roles',
    page: () => import('./pages/admin-staff-page'),
  }),
  pageRoute({
    path: 'audit',
    title: '操作日志',
    permission: 'audit',
    page: () => import('./pages/admin-audit-page'),
  }),
];
