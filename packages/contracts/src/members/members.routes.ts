import { envelopeSchema } from '../common/envelope';
import {
  adminInvoiceListQuerySchema,
  adminInvoicePageSchema,
  adminInvoiceSchema,
  checkOrderBodySchema,
  createInvoiceBodySchema,
  createOrderBodySchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  memberPlanListSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  payOrderResultSchema,
  rejectInvoiceBodySchema,
  sandboxCashierQuerySchema,
  sandboxCashierSchema,
  sandboxConfirmBodySchema,
  sandboxConfirmResultSchema,
  sandboxJsapiBodySchema,
} from './members.schemas';

/** Membership plans and orders (SPEC §7 "Orders, membership"). */
export const membersRoutes = {
  plans: {
    method: 'GET',
    path: '/api/members',
    summary: '会员套餐列表（第一项为标准会员套餐，其 id 即会员 id；含价格、时长与两组会员权益）',
    response: envelopeSchema(memberPlanListSchema),
  },
  createOrder: {
    method: 'POST',
    idempotent: true,
    path: '/api/orders',
    summary: '下单（会员或付费课程；金额由服务器按价目计算，客户端金额被忽略，数量只能为1；同一商品已有待支付订单时返回该订单）',
    body: createOrderBodySchema,
    response: envelopeSchema(orderSchema),
  },
  listOrders: {
    method: 'GET',
    path: '/api/orders',
    summary: '我的订单（最新在前）',
    query: orderListQuerySchema,
    response: envelopeSchema(orderPageSchema),
  },
  checkOrder: {
    method: 'POST',
    path: '/api/orders/check_order',
    summary: '查询订单状态（支付页轮询；仅本人订单）',
    body: checkOrderBodySchema,
    response: envelopeSchema(orderSchema),
  },
  showOrder: {
    method: 'GET',
    path: '/api/orders/:id',
    summary: '订单详情（仅本人订单）',
    params: orderIdParamsSchema,
    response: envelopeSchema(orderSchema),
  },
  payOrder: {
    method: 'POST',
    path: '/api/orders/:id/pay',
    summary: '发起支付（待支付订单；按浏览器选择方式：电脑扫码/跳转收银台，手机浏览器跳转H5/手机网站支付，微信内JSAPI或引导在浏览器打开）',
    params: orderIdParamsSchema,
    response: envelopeSchema(payOrderResultSchema),
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/orders/:id/cancel',
    summary: '取消订单（仅待支付订单）',
    params: orderIdParamsSchema,
    response: envelopeSchema(orderSchema),
  },
} as const;

/** The sandbox payment channel's cashier (only when PAYMENT_PROVIDER=sandbox). */
export const sandboxPaymentRoutes = {
  cashier: {
    method: 'GET',
    path: '/api/payments/sandbox/cashier',
    summary: '模拟收银台：订单信息（凭支付链接中的签名令牌，无需登录）',
    query: sandboxCashierQuerySchema,
    response: envelopeSchema(sandboxCashierSchema),
  },
  confirm: {
    method: 'POST',
    path: '/api/payments/sandbox/confirm',
    summary: '模拟收银台：确认支付（向支付通知接口发送签名通知，与真实渠道相同）',
    body: sandboxConfirmBodySchema,
    response: envelopeSchema(sandboxConfirmResultSchema),
  },
  jsapi: {
    method: 'POST',
    path: '/api/payments/sandbox/jsapi',
    summary: '模拟微信内支付（JSAPI）：开发环境的 WeixinJSBridge 替身凭签名的调起参数完成支付',
    body: sandboxJsapiBodySchema,
    response: envelopeSchema(sandboxConfirmResultSchema),
  },
} as const;

/** Invoices of my paid orders. */
export const invoicesRoutes = {
  create: {
    method: 'POST',
    path: '/api/invoices',
    summary: '申请发票（本人已支付订单；每单一张，被驳回后可重新申请；金额不超过实付金额）',
    body: createInvoiceBodySchema,
    response: envelopeSchema(invoiceSchema),
  },
  list: {
    method: 'GET',
    path: '/api/invoices',
    summary: '我的发票（最新在前）',
    query: invoiceListQuerySchema,
    response: envelopeSchema(invoicePageSchema),
  },
} as const;

/**
 * Staff-only invoice handling. Not descriptors (files): GET /api/invoices/{id}/pdf (owner or staff; the PDF as an
 * attachment) and POST /api/admin/invoices/{id}/issue (multipart/form-data, field `file`: the PDF, at most 10 MB).
 */
export const adminInvoicesRoutes = {
  list: {
    method: 'GET',
    path: '/api/admin/invoices',
    summary: '发票申请列表（工作人员）',
    query: adminInvoiceListQuerySchema,
    response: envelopeSchema(adminInvoicePageSchema),
  },
  issue: {
    method: 'POST',
    path: '/api/admin/invoices/:id/issue',
    summary: '开具发票：上传PDF（multipart/form-data，字段 file，最大10MB；工作人员）',
    params: invoiceIdParamsSchema,
    response: envelopeSchema(adminInvoiceSchema),
  },
  reject: {
    method: 'POST',
    path: '/api/admin/invoices/:id/reject',
    summary: '驳回发票申请（填写原因；工作人员）',
    params: invoiceIdParamsSchema,
    body: rejectInvoiceBodySchema,
    response: envelopeSchema(adminInvoiceSchema),
  },
} as const;

/** Paths that are not JSON descriptors, for the web's links. */
export const invoicePdfPath = (id: number) => `/api/invoices/${id}/pdf`;
export const PAYMENT_NOTIFY_PATH = '/api/payments/notify/:channel';
/** The web's sandbox cashier page, the target of the sandbox QR code and pay_url. */
export const SANDBOX_CASHIER_PAGE_PATH = '/payment/sandbox-cashier';
/** Where a member without an openid goes inside WeChat before paying (WeChat authorisation, `purpose=pay`). */
export const wechatPayAuthorizePath = (redirect: string) =>
  `/api/wechat/oauth/start?purpose=pay&redirect=${encodeURIComponent(redirect)}`;
