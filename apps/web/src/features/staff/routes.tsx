import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

/**
 * The staff console's own screens under /admin (app/router/admin-routes.ts): the home dashboard (index route), users
 * and their import, exports, roles and the audit log.
 */
export const adminRoutes: RouteObject[] = [
  pageRoute({
    index: true,
    title: '数据概览',
    permission: 'dashboard',
    page: () => import('./pages/admin-dashboard-page'),
  }),
  pageRoute({
    path: 'users',
    title: '用户管理',
    permission: 'users',
    page: () => import('./pages/admin-users-page'),
  }),
  pageRoute({
    path: 'user-import',
    title: '用户导入',
    permission: 'users',
    page: () => import('./pages/admin-user-import-page'),
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
