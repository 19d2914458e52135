import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  // ?type=buyVip buys membership (SPEC §2).
  pageRoute({ path: 'payment', title: '支付中心', page: underConstruction }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'order', title: '我的订单', roles: BOTH_ROLES, page: underConstruction }),
  pageRoute({ path: 'invoice', title: '我的发票', roles: BOTH_ROLES, page: underConstruction }),
  pageRoute({ path: 'demand-invoice', title: '申请发票', roles: BOTH_ROLES, page: underConstruction }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [];
