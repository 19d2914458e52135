import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { isValidCreditCode } from '../auth/credit-code';
import { roleSchema } from '../users/users.schemas';
import {
  INVOICE_BANK_ACCOUNT_REGEX,
  INVOICE_BANK_NAME_MAX_LENGTH,
  INVOICE_EMAIL_MAX_LENGTH,
  INVOICE_KINDS,
  INVOICE_REG_ADDRESS_MAX_LENGTH,
  INVOICE_REG_PHONE_REGEX,
  INVOICE_REJECT_REASON_MAX_LENGTH,
  INVOICE_STATES,
  INVOICE_TITLE_MAX_LENGTH,
  INVOICE_TITLE_TYPES,
  ORDER_PRODUCT_TYPES,
  ORDER_STATES,
  PAYMENT_CHANNELS,
  membersMessages as m,
} from './members.rules';

const idSchema = recordIdSchema;

export const orderStateSchema = z.enum(ORDER_STATES);
export const orderProductTypeSchema = z.enum(ORDER_PRODUCT_TYPES, { error: m.productTypeInvalid });
export const paymentChannelSchema = z.enum(PAYMENT_CHANNELS);
export const invoiceStateSchema = z.enum(INVOICE_STATES);
export const invoiceTitleTypeSchema = z.enum(INVOICE_TITLE_TYPES, { error: m.invoiceTitleTypeRequired });
export const invoiceKindSchema = z.enum(INVOICE_KINDS, { error: m.invoiceKindRequired });

/** A membership plan of GET /api/members (the first item is the standard plan: its id is "the member id"). */
export const memberPlanSchema = z.object({
  id: z.number().int(),
  /** e.g. 年度会员. */
  name: z.string(),
  /** One line under the name, e.g. 365天会员权益. */
  description: z.string(),
  /** Price in fen. */
  price: z.number().int(),
  /** Days of membership one purchase adds (from now, or from the current end date when still a member). */
  period_days: z.number().int(),
  /** First benefits list of the modal and the payment page (7 entries). */
  benefits_primary: z.array(z.string()),
  /** Second benefits list (5 entries). */
  benefits_secondary: z.array(z.string()),
});
export type MemberPlan = z.infer<typeof memberPlanSchema>;
export const memberPlanListSchema = z.array(memberPlanSchema);

/** An order as its owner sees it. */
export const orderSchema = z.object({
  id: z.number().int(),
  /** Our order number (out_trade_no), at most 32 characters. */
  order_no: z.string(),
  product_type: orderProductTypeSchema,
  /** Plan id (member) or course id (course). */
  product_id: z.number().int(),
  /** What is bought, e.g. 年度会员 or the course title. */
  subject: z.string(),
  /** 1, or the number of 学员卡 a seat order buys. */
  quantity: z.number().int(),
  /** Amount charged, fen, computed by the server (a course's member price when the buyer was a member). */
  amount: z.number().int(),
  /** List price at creation, fen (amount < list_price when a member discount applied). */
  list_price: z.number().int(),
  /** pending | paid | cancelled | expired (a pending order past expires_at reads as expired). */
  state: orderStateSchema,
  /** Channel that was asked to collect the payment; null until the first pay call. */
  channel: paymentChannelSchema.nullable(),
  created_at: z.string(),
  /** Payment is accepted until this time (30 minutes after creation). */
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** For a paid membership order: the membership end date this payment produced. */
  member_end_at: z.string().nullable(),
  /** The order's current invoice request (latest, a rejected one included), null when none. */
  invoice: z
    .object({ id: z.number().int(), state: invoiceStateSchema })
    .nullable(),
  /** Paid and no requested/issued invoice: POST /api/invoices may be called for it. */
  invoiceable: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pagedSchema(orderSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * POST /api/orders. Only the product is taken from the client: the amount comes from the server's price list
 * (amount/price fields are ignored); quantity, when sent, must be 1.
 * A second call while a pending order for the same product exists answers that order.
 */
export const createOrderBodySchema = z.object({
  product_type: orderProductTypeSchema,
  product_id: idSchema(m.productRequired),
  /** 1 (or absent) for everything but 学员卡 (`seats`), which a company buys 1 to 5000 of in one order. */
  quantity: z.number({ error: m.quantityInvalid }).int(m.quantityInvalid).min(1, m.quantityInvalid).max(5000, m.seatQuantityInvalid).optional(),
}).superRefine((v, ctx) => {
  if (v.product_type !== 'seats' && v.quantity !== undefined && v.quantity !== 1)
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: m.quantityInvalid });
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/** GET /api/orders: my orders, newest first. */
export const orderListQuerySchema = pageQuerySchema.extend({
  state: z.enum(ORDER_STATES, { error: '订单状态不正确' }).optional(),
  product_type: z.enum(ORDER_PRODUCT_TYPES, { error: m.productTypeInvalid }).optional(),
  /** true: only paid orders that may still get an invoice (the demand-invoice page). */
  invoiceable: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
/** The query as the server sees it after parsing. */
export type OrderListFilter = z.output<typeof orderListQuerySchema>;

/** Path params of /api/orders/{id}, /api/orders/{id}/pay, /api/orders/{id}/cancel. */
export const orderIdParamsSchema = z.object({ id: idSchema(m.orderNotFound) });

/** POST /api/orders/check_order (SPEC §7): the payment page polls it; owner only. Answers the order. */
export const checkOrderBodySchema = z.object({
  order_no: z.string({ error: m.orderNoRequired }).trim().min(1, m.orderNoRequired).max(32, m.orderNotFound),
});
export type CheckOrderBody = z.input<typeof checkOrderBodySchema>;

/**
 * The parameters the page hands to WeChat's `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` (JSAPI payment),
 * signed by the server: paySign is RSA-SHA256 (merchant key) over `appId\ntimeStamp\nnonceStr\npackage\n`.
 */
export const jsapiBridgeParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  /** `prepay_id=…` */
  package: z.string(),
  /** 'RSA' for WeChat Pay v3; the sandbox signs with 'HMAC-SHA256'. */
  signType: z.enum(['RSA', 'HMAC-SHA256']),
  paySign: z.string(),
});
export type JsapiBridgeParams = z.infer<typeof jsapiBridgeParamsSchema>;

/** How the page lets the payer pay; the server picks it from the browser (desk, phone, WeChat's browser). */
export const PAY_MODES = ['qr', 'redirect', 'jsapi', 'open_in_browser'] as const;
export type PayMode = (typeof PAY_MODES)[number];

const payOrderBaseSchema = z.object({
  order: orderSchema,
  channel: paymentChannelSchema,
  /** Text of the QR code to show (WeChat code_url, or the sandbox cashier URL); only in mode `qr`. */
  qr_content: z.string().nullable(),
  /** The same QR code rendered by the server as a data:image/svg+xml URL (null without qr_content). */
  qr_image: z.string().nullable(),
  /**
   * URL to open to pay in the browser: Alipay page or wap pay, WeChat Pay's H5 `h5_url` (with its redirect_url),
   * the sandbox cashier. Null for QR-only and JSAPI payments.
   */
  pay_url: z.string().nullable(),
});

/** POST /api/orders/{id}/pay: how to pay a pending order, by `mode`. */
export const payOrderResultSchema = z.discriminatedUnion('mode', [
  /** A desk browser: scan the QR code with the phone (WeChat Native; the sandbox also gives its cashier link). */
  payOrderBaseSchema.extend({ mode: z.literal('qr') }),
  /** Open pay_url in this browser: Alipay page/wap pay, WeChat Pay H5, the sandbox cashier; it returns to the order page. */
  payOrderBaseSchema.extend({ mode: z.literal('redirect'), pay_url: z.string() }),
  /**
   * Inside WeChat: pay with `bridge` through WeixinJSBridge. Without the payer's openid `bridge` is null and the
   * page sends the member to `authorize_url` (WeChat authorisation), which comes back to this order page.
   */
  payOrderBaseSchema.extend({
    mode: z.literal('jsapi'),
    bridge: jsapiBridgeParamsSchema.nullable(),
    authorize_url: z.string().nullable(),
  }),
  /** This browser cannot pay with the configured channel (Alipay inside WeChat): `guidance` says what to do. */
  payOrderBaseSchema.extend({ mode: z.literal('open_in_browser'), guidance: z.string() }),
]);
export type PayOrderResult = z.infer<typeof payOrderResultSchema>;

/** GET /api/payments/sandbox/cashier?order_no&token (no login: the signed token is the ticket). */
export const sandboxCashierQuerySchema = z.object({
  order_no: z.string({ error: m.cashierTokenInvalid }).trim().min(1, m.cashierTokenInvalid).max(32, m.cashierTokenInvalid),
  token: z.string({ error: m.cashierTokenInvalid }).trim().min(1, m.cashierTokenInvalid).max(128, m.cashierTokenInvalid),
});
export type SandboxCashierQuery = z.input<typeof sandboxCashierQuerySchema>;
export const sandboxCashierSchema = z.object({
  order_no: z.string(),
  subject: z.string(),
  /** Fen. */
  amount: z.number().int(),
  state: orderStateSchema,
  expires_at: z.string(),
  /** Name of the merchant shown by the wallet (the site name). */
  merchant_name: z.string(),
});
export type SandboxCashier = z.infer<typeof sandboxCashierSchema>;

/** POST /api/payments/sandbox/confirm: the sandbox wallet pays; the server receives a signed notification. */
export const sandboxConfirmBodySchema = sandboxCashierQuerySchema;
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;
export const sandboxConfirmResultSchema = z.object({
  order_no: z.string(),
  /** The order's state after the notification was processed (paid on success). */
  state: orderStateSchema,
  /** Where the payer's browser goes next (/payment?order_no=...). */
  return_url: z.string(),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

/** POST /api/payments/sandbox/jsapi: the development stand-in of WeixinJSBridge pays with the bridge parameters. */
export const sandboxJsapiBodySchema = z.object({
  appId: z.string({ error: m.sandboxBridgeInvalid }).max(64, m.sandboxBridgeInvalid),
  timeStamp: z.string({ error: m.sandboxBridgeInvalid }).regex(/^\d{1,12}$/, m.sandboxBridgeInvalid),
  nonceStr: z.string({ error: m.sandboxBridgeInvalid }).min(1, m.sandboxBridgeInvalid).max(64, m.sandboxBridgeInvalid),
  package: z.string({ error: m.sandboxBridgeInvalid }).min(1, m.sandboxBridgeInvalid).max(128, m.sandboxBridgeInvalid),
  signType: z.literal('HMAC-SHA256', { error: m.sandboxBridgeInvalid }),
  paySign: z.string({ error: m.sandboxBridgeInvalid }).min(1, m.sandboxBridgeInvalid).max(128, m.sandboxBridgeInvalid),
});
export type SandboxJsapiBody = z.input<typeof sandboxJsapiBodySchema>;

/** An invoice request as its owner sees it. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  /** What the order bought. */
  order_subject: z.string(),
  title_type: invoiceTitleTypeSchema,
  title: z.string(),
  /** Unified social credit code of a company title; null for a personal title. */
  tax_no: z.string().nullable(),
  /** normal: 增值税电子普通发票; special: 增值税专用发票 (company titles only, with the four details below). */
  invoice_kind: invoiceKindSchema,
  /** 注册地址 of a special invoice's company; null for a normal invoice. */
  reg_address: z.string().nullable(),
  /** 注册电话 (landline or mobile) of a special invoice's company; null for a normal invoice. */
  reg_phone: z.string().nullable(),
  /** 开户银行 of a special invoice's company; null for a normal invoice. */
  bank_name: z.string().nullable(),
  /** 银行账号 (digits only) of a special invoice's company; null for a normal invoice. */
  bank_account: z.string().nullable(),
  email: z.string(),
  /** Fen, at most the amount paid. */
  amount: z.number().int(),
  state: invoiceStateSchema,
  /** Staff's reason, when rejected. */
  reject_reason: z.string().nullable(),
  /** Download URL of the issued PDF (/api/invoices/{id}/pdf), when issued. */
  pdf_url: z.string().nullable(),
  requested_at: z.string(),
  issued_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicePageSchema = pagedSchema(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(INVOICE_EMAIL_MAX_LENGTH, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));

/** The four company details a special invoice (增值税专用发票) carries besides the title and tax number. */
export const SPECIAL_INVOICE_FIELDS = ['reg_address', 'reg_phone', 'bank_name', 'bank_account'] as const;
export type SpecialInvoiceField = (typeof SPECIAL_INVOICE_FIELDS)[number];

/** A special-invoice detail as stored: trimmed; the bank account without the spaces typed to group its digits. */
export function normalizeSpecialInvoiceField(field: SpecialInvoiceField, raw: string | null | undefined): string {
  const v = (raw ?? '').trim();
  return field === 'bank_account' ? v.replace(/\s+/g, '') : v;
}

/**
 * What is wrong with one special-invoice detail (the Chinese message), or undefined when it is fine. The body schema
 * and the web form both ask this, so they say the same words.
 */
export function specialInvoiceFieldError(field: SpecialInvoiceField, raw: string | null | undefined): string | undefined {
  const v = normalizeSpecialInvoiceField(field, raw);
  switch (field) {
    case 'reg_address':
      if (!v) return m.regAddressRequired;
      return v.length > INVOICE_REG_ADDRESS_MAX_LENGTH ? m.regAddressTooLong : undefined;
    case 'reg_phone':
      if (!v) return m.regPhoneRequired;
      return INVOICE_REG_PHONE_REGEX.test(v) ? undefined : m.regPhoneInvalid;
    case 'bank_name':
      if (!v) return m.bankNameRequired;
      return v.length > INVOICE_BANK_NAME_MAX_LENGTH ? m.bankNameTooLong : undefined;
    case 'bank_account':
      if (!v) return m.bankAccountRequired;
      return INVOICE_BANK_ACCOUNT_REGEX.test(v) ? undefined : m.bankAccountInvalid;
  }
}

/**
 * POST /api/invoices: for one of my paid orders without a requested/issued invoice. A company title needs a valid
 * unified social credit code as tax_no (trimmed, upper-cased); a personal title's tax_no is dropped.
 * invoice_kind defaults to normal; special needs a company title and the four details of SPECIAL_INVOICE_FIELDS
 * (trimmed, the bank account's spaces removed); a normal invoice's details are dropped.
 * amount (fen) defaults to, and may not exceed, the amount paid.
 */
export const createInvoiceBodySchema = z
  .object({
    order_id: idSchema(m.invoiceOrderRequired),
    title_type: invoiceTitleTypeSchema,
    title: z.string({ error: m.invoiceTitleRequired }).trim().min(1, m.invoiceTitleRequired).max(INVOICE_TITLE_MAX_LENGTH, m.invoiceTitleTooLong),
    tax_no: z.string().optional().nullable(),
    invoice_kind: invoiceKindSchema.optional(),
    reg_address: z.string().optional().nullable(),
    reg_phone: z.string().optional().nullable(),
    bank_name: z.string().optional().nullable(),
    bank_account: z.string().optional().nullable(),
    email: emailSchema,
    amount: z.coerce.number({ error: m.amountInvalid }).int({ error: m.amountInvalid }).positive({ error: m.amountInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.invoice_kind === 'special' && body.title_type !== 'company') {
      ctx.addIssue({ code: 'custom', path: ['invoice_kind'], message: m.specialInvoicePersonal });
      return;
    }
    if (body.title_type !== 'company') return;
    const taxNo = (body.tax_no ?? '').trim().toUpperCase();
    if (!taxNo) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: m.taxNoRequired });
    else if (!isValidCreditCode(taxNo)) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: m.taxNoInvalid });
    if (body.invoice_kind !== 'special') return;
    for (const field of SPECIAL_INVOICE_FIELDS) {
      const message = specialInvoiceFieldError(field, body[field]);
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((body) => {
    const special = body.invoice_kind === 'special';
    const detail = (field: SpecialInvoiceField) => (special ? normalizeSpecialInvoiceField(field, body[field]) : null);
    return {
      ...body,
      tax_no: body.title_type === 'company' ? (body.tax_no ?? '').trim().toUpperCase() : null,
      invoice_kind: special ? ('special' as const) : ('normal' as const),
      reg_address: detail('reg_address'),
      reg_phone: detail('reg_phone'),
      bank_name: detail('bank_name'),
      bank_account: detail('bank_account'),
    };
  });
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;
/** The body as the server sees it after parsing (tax_no normalised, null for a personal title; the kind set, the
 * special details normalised, null for a normal invoice). */
export type CreateInvoiceInput = z.output<typeof createInvoiceBodySchema>;

/** GET /api/invoices: my invoices, newest first. */
export const invoiceListQuerySchema = pageQuerySchema.extend({
  state: z.enum(INVOICE_STATES, { error: '发票状态不正确' }).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceIdParamsSchema = z.object({ id: idSchema(m.invoiceNotFound) });

/** An invoice request as staff see it: with the requester and the order. */
export const adminInvoiceSchema = invoiceSchema.extend({
  user: z.object({
    id: z.number().int(),
    phone: z.string(),
    nickname: z.string().nullable(),
    role: roleSchema,
  }),
  /** What the order charged, fen. */
  order_amount: z.number().int(),
  order_paid_at: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminInvoicePageSchema = pagedSchema(adminInvoiceSchema);
export type AdminInvoicePage = z.infer<typeof adminInvoicePageSchema>;

/** GET /api/admin/invoices: oldest requested first when filtered by state=requested, otherwise newest first. */
export const adminInvoiceListQuerySchema = invoiceListQuerySchema;
export type AdminInvoiceListQuery = z.input<typeof adminInvoiceListQuerySchema>;

/** POST /api/admin/invoices/{id}/reject */
export const rejectInvoiceBodySchema = z.object({
  reason: z
    .string({ error: m.rejectReasonRequired })
    .trim()
    .min(1, m.rejectReasonRequired)
    .max(INVOICE_REJECT_REASON_MAX_LENGTH, m.rejectReasonTooLong),
});
export type RejectInvoiceBody = z.input<typeof rejectInvoiceBodySchema>;
