import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

/** Staff screens of company training under /admin (spread into the feature's adminRoutes; menu order as listed). */
export const trainingAdminRoutes: RouteObject[] = [
  pageRoute({ path: 'training/companies', permission: 'training', title: '企业培训概览', page: () => import('./pages/admin-companies-page') }),
  pageRoute({ path: 'training/seat-tiers', permission: 'training', title: '学员卡价格', page: () => import('./pages/admin-seat-tiers-page') }),
  pageRoute({ path: 'training/plans', permission: 'training', title: '学习计划', page: () => import('./pages/admin-plans-page') }),
];
