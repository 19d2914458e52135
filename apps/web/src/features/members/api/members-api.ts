import {
  adminInvoicesRoutes,
  invoicePdfPath,
  invoicesRoutes,
  membersRoutes,
  sandboxPaymentRoutes,
  type AdminInvoice,
  type AdminInvoiceListQuery,
  type AdminInvoicePage,
  type CreateInvoiceBody,
  type CreateOrderBody,
  type Invoice,
  type InvoiceListQuery,
  type InvoicePage,
  type JsapiBridgeParams,
  type MemberPlan,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type PayOrderResult,
  type RejectInvoiceBody,
  type SandboxCashier,
  type SandboxCashierQuery,
  type SandboxConfirmResult,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

/** Calls of the members area (membership plans, orders, payment, invoices). */
export const membersApi = {
  /**
   * WeChat's authorise page for the payer's openid (purpose `pay`, back to `redirect`). A POST with the session's
   * token header, since a plain link to /api/wechat/oauth/start would reach the server without the session.
   */
  wechatPayAuthorizeUrl: (redirect: string) =>
    apiClient.post<{ url: string }>('/api/wechat/oauth/authorize_url', { purpose: 'pay', redirect }),
  plans: () => apiClient.get<MemberPlan[]>(membersRoutes.plans.path),
  createOrder: (body: CreateOrderBody) => apiClient.post<Order>(membersRoutes.createOrder.path, body),
  orders: (query: OrderListQuery) => apiClient.get<OrderPage>(membersRoutes.listOrders.path, query),
  order: (id: number) => apiClient.get<Order>(withId(membersRoutes.showOrder.path, id)),
  /** Polled by the payment page: silent, a failed poll is simply tried again. */
  checkOrder: (orderNo: string, opts: { silent?: boolean } = {}) =>
    apiClient.post<Order>(membersRoutes.checkOrder.path, { order_no: orderNo }, opts),
  /** The pay step shows a failure itself (with 重试): silent. */
  payOrder: (id: number) => apiClient.post<PayOrderResult>(withId(membersRoutes.payOrder.path, id), undefined, { silent: true }),
  cancelOrder: (id: number) => apiClient.post<Order>(withId(membersRoutes.cancelOrder.path, id)),

  cashier: (query: SandboxCashierQuery) => apiClient.get<SandboxCashier>(sandboxPaymentRoutes.cashier.path, query),
  confirmSandbox: (body: SandboxCashierQuery) =>
    apiClient.post<SandboxConfirmResult>(sandboxPaymentRoutes.confirm.path, body),
  /** The sandbox's stand-in of WeixinJSBridge pays with the signed bridge parameters (development only). */
  payWithSandboxBridge: (bridge: JsapiBridgeParams) =>
    apiClient.post<SandboxConfirmResult>(sandboxPaymentRoutes.jsapi.path, bridge, { silent: true }),

  /** The form shows field errors itself: silent. */
  createInvoice: (body: CreateInvoiceBody) => apiClient.post<Invoice>(invoicesRoutes.create.path, body, { silent: true }),
  invoices: (query: InvoiceListQuery) => apiClient.get<InvoicePage>(invoicesRoutes.list.path, query),
  /** The PDF needs the token header, so it is fetched as a blob rather than linked. */
  invoicePdf: (id: number) =>
    apiClient.request<Blob>({ method: 'GET', url: invoicePdfPath(id), responseType: 'blob', timeout: 60_000 }),

  adminInvoices: (query: AdminInvoiceListQuery) => apiClient.get<AdminInvoicePage>(adminInvoicesRoutes.list.path, query),
  issueInvoice: (id: number, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return apiClient.request<AdminInvoice>({
      method: 'POST',
      url: withId(adminInvoicesRoutes.issue.path, id),
      data: form,
      // A POST is never retried; 20 s is short for a 10 MB upload on a slow line.
      timeout: 120_000,
    });
  },
  rejectInvoice: (id: number, body: RejectInvoiceBody) =>
    apiClient.post<AdminInvoice>(withId(adminInvoicesRoutes.reject.path, id), body),
};

export const memberKeys = {
  all: ['members'] as const,
  plans: () => ['members', 'plans'] as const,
  orders: (query: OrderListQuery) => ['members', 'orders', query] as const,
  order: (id: number) => ['members', 'order', id] as const,
  invoices: (query: InvoiceListQuery) => ['members', 'invoices', query] as const,
  adminInvoices: (query: AdminInvoiceListQuery) => ['members', 'admin-invoices', query] as const,
  cashier: (orderNo: string) => ['members', 'cashier', orderNo] as const,
};
