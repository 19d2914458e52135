import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  // ?type=buyVip buys membership, ?type=buyCourse&courseId= a paid course, ?order_no= pays an order (SPEC §2).
  pageRoute({ path: 'payment', title: '支付中心', page: () => import('./pages/payment-page') }),
  // The sandbox channel's cashier (SANDBOX_CASHIER_PAGE_PATH): plays the payer's wallet; the signed token is the ticket.
  pageRoute({ path: 'payment/sandbox-cashier', title: '模拟收银台', page: () => import('./pages/sandbox-cashier-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'order', title: '我的订单', roles: BOTH_ROLES, page: () => import('./pages/order-page') }),
  pageRoute({ path: 'invoice', title: '我的发票', roles: BOTH_ROLES, page: () => import('./pages/invoice-page') }),
  pageRoute({ path: 'demand-invoice', title: '申请发票', roles: BOTH_ROLES, page: () => import('./pages/demand-invoice-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'invoices', title: '发票管理', permission: 'invoices', page: () => import('./pages/admin-invoices-page') }),
];
