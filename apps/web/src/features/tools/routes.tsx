import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'financeTool', title: '智能工具', page: () => import('./pages/finance-tool-page') }),
  pageRoute({ path: 'financeTool/toolInfo/:id', title: '工具详情', page: () => import('./pages/tool-info-page') }),
  pageRoute({ path: 'toolpage', title: '财务工具箱', page: () => import('./pages/toolbox-page') }),
];

export const centreRoutes: RouteObject[] = [];

export const adminRoutes: RouteObject[] = [];
