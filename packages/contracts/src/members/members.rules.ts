/**
 * Limits, labels and Chinese messages of the members area: membership plans, orders, payment and invoices
 * (SPEC §1, §7 "Orders, membership", §9; DECISIONS.md "Payment"). Amounts are integer fen (1 yuan = 100 fen).
 */

/** Members pay this percentage of a paid course's price (SPEC §9 课程6折起), rounded to the fen. */
export const MEMBER_COURSE_DISCOUNT_PERCENT = 60;

/** A paid course's price for members: price × 60%, rounded half up to the fen. */
export function memberPriceOf(priceFen: number): number {
  return Math.round((priceFen * MEMBER_COURSE_DISCOUNT_PERCENT) / 100);
}

/** An unpaid order stops accepting payment 30 minutes after creation. */
export const ORDER_EXPIRY_MS = 30 * 60_000;
/** How often the payment page polls POST /api/orders/check_order. */
export const ORDER_POLL_INTERVAL_MS = 2_000;

/** What an order buys: a membership plan, a paid course, one financial risk-check report (product id = report id) or a
 * paid exam registration (product id = the session). */
export const ORDER_PRODUCT_TYPES = ['member', 'course', 'risk_report', 'exam', 'seats'] as const;
export type OrderProductType = (typeof ORDER_PRODUCT_TYPES)[number];
export const ORDER_PRODUCT_TYPE_LABELS: Record<OrderProductType, string> = {
  member: '会员',
  course: '课程',
  risk_report: '风险检测报告',
  exam: '考试报名',
  seats: '学员卡',
};

/** Price list: one financial risk-check report beyond a member's free ones (SPEC §9), fen. */
export const RISK_REPORT_PRICE_FEN = 9900;

/**
 * pending -> paid | cancelled | expired. `expired` is reported for a pending order whose expires_at has passed
 * (computed on read); a paid notification after that is recorded but grants nothing.
 */
export const ORDER_STATES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
};

export const PAYMENT_CHANNELS = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentChannelName = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannelName, string> = {
  sandbox: '模拟支付',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** Invoice: requested -> issued (PDF) | rejected (reason). A rejected request may be made again for the order. */
export const INVOICE_STATES = ['requested', 'issued', 'rejected'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  requested: '待开票',
  issued: '已开票',
  rejected: '已驳回',
};

export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_LABELS: Record<InvoiceTitleType, string> = {
  personal: '个人',
  company: '企业',
};

/**
 * 增值税电子普通发票 (any title, today's kind) or 增值税专用发票 (a company title with its registered address and phone,
 * bank and account, which the special invoice prints and the buyer deducts input VAT with).
 */
export const INVOICE_KINDS = ['normal', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  normal: '增值税电子普通发票',
  special: '增值税专用发票',
};
/** The form's radio: the same kinds, shorter. */
export const INVOICE_KIND_SHORT_LABELS: Record<InvoiceKind, string> = {
  normal: '电子普通发票',
  special: '增值税专用发票',
};
export const INVOICE_REG_ADDRESS_MAX_LENGTH = 100;
export const INVOICE_BANK_NAME_MAX_LENGTH = 60;
/** 注册电话: a landline (area code, optional dash or space, 7-8 digits, optional -extension) or a mobile number. */
export const INVOICE_REG_PHONE_REGEX = /^(?:1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}(?:-\d{1,6})?)$/;
/** 银行账号 once the spaces typed to group it are removed. */
export const INVOICE_BANK_ACCOUNT_REGEX = /^\d{8,30}$/;

export const INVOICE_TITLE_MAX_LENGTH = 60;
export const INVOICE_EMAIL_MAX_LENGTH = 100;
export const INVOICE_REJECT_REASON_MAX_LENGTH = 200;
/** Staff upload the issued invoice as a PDF of at most 10 MB, opened on upload (apps/server/src/lib/pdf-check.ts). */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Most pages an invoice PDF may have. */
export const INVOICE_PDF_MAX_PAGES = 10;

/**
 * The membership benefits (SPEC §9, GLOSSARY-zh.md), in the two lists of the benefits modal: 7 learning and
 * service benefits, 5 career benefits. The GLOSSARY gives 11 texts for the 12 slots; the 12th
 * (会员专享课程免费学) is what membership opens on this site: the members-only courses.
 */
export const MEMBER_BENEFITS_PRIMARY = [
  '每年免费直播课6次',
  '每年120门财务类、60门非财务类线上课程',
  '会员专享课程免费学',
  '课程6折起',
  '专家财税答疑2个工作日内回复',
  '2次免费风险检测报告',
  '每月一期电子杂志',
] as const;
export const MEMBER_BENEFITS_SECONDARY = ['招聘平台', '全国人才库', '1次免费职业测评', '1次专题研讨会', '个人人才码'] as const;

export const membersMessages = {
  productTypeInvalid: '请选择购买的商品类型',
  productRequired: '请选择购买的商品',
  quantityInvalid: '购买数量只能为1',
  seatQuantityInvalid: '学员卡购买数量须为1到5000张',
  seatProductInvalid: '学员卡商品编号不正确',
  seatsCompanyOnly: '仅通过认证的企业账号可以购买学员卡',
  planNotFound: '会员套餐不存在或已下架',
  courseNotFound: '课程不存在或已下架',
  courseNotForSale: '该课程无需购买',
  courseAlreadyOwned: '您已拥有该课程，无需重复购买',
  riskReportNotFound: '风险检测报告不存在',
  riskReportAlreadyReady: '该报告已生成，无需支付',
  orderNotFound: '订单不存在',
  orderNoRequired: '请提供订单号',
  orderPaid: '订单已支付',
  orderCancelled: '订单已取消',
  orderExpired: '订单已过期，请重新下单',
  orderNotPending: '订单当前状态不能进行此操作',
  orderCreated: '订单已创建',
  orderCancelledOk: '订单已取消',
  paymentStartFailed: '发起支付失败，请稍后再试',
  /** The channel could not confirm the payment was closed (already paid, or unreachable): the order stays pending. */
  paymentCloseUnconfirmed: '订单支付状态确认中，请稍后再试',
  cashierTokenInvalid: '支付链接无效或已过期',
  paymentConfirmed: '支付成功',
  paymentNotConfirmed: '支付未成功，请稍后再试',
  /** Alipay does not run inside WeChat's browser. */
  alipayInWechat: '微信内无法使用支付宝付款。请点击右上角「···」，选择「在浏览器打开」，在手机浏览器中完成支付。',
  /** WeChat Pay's phone payment does not open from Alipay's browser. */
  wechatPayInAlipay: '支付宝内无法使用微信支付。请复制本页链接，在手机浏览器中打开后完成支付。',
  /** Inside WeChat without WeChat authorisation configured: JSAPI needs the payer's openid. */
  wechatPayNeedsBrowser: '当前无法在微信内直接付款。请点击右上角「···」，选择「在浏览器打开」，在手机浏览器中完成支付。',
  /** A sandbox JSAPI payment whose bridge parameters do not check out. */
  sandboxBridgeInvalid: '支付参数无效或已过期',
  invoiceOrderRequired: '请选择要开票的订单',
  invoiceOrderNotPaid: '只能为已支付的订单申请发票',
  invoiceAlreadyRequested: '该订单已申请过发票',
  invoiceTitleTypeRequired: '请选择抬头类型',
  invoiceTitleRequired: '请输入发票抬头',
  invoiceTitleTooLong: `发票抬头最多${INVOICE_TITLE_MAX_LENGTH}个字符`,
  taxNoRequired: '请输入纳税人识别号（统一社会信用代码）',
  taxNoInvalid: '纳税人识别号（统一社会信用代码）不正确',
  invoiceKindRequired: '请选择发票类型',
  specialInvoicePersonal: '个人抬头只能开具普通发票',
  regAddressRequired: '请输入注册地址',
  regAddressTooLong: `注册地址最多${INVOICE_REG_ADDRESS_MAX_LENGTH}个字符`,
  regPhoneRequired: '请输入注册电话',
  regPhoneInvalid: '注册电话格式不正确，请填写固定电话（如010-12345678）或手机号',
  bankNameRequired: '请输入开户银行',
  bankNameTooLong: `开户银行最多${INVOICE_BANK_NAME_MAX_LENGTH}个字符`,
  bankAccountRequired: '请输入银行账号',
  bankAccountInvalid: '银行账号应为8至30位数字',
  emailRequired: '请输入接收发票的邮箱',
  emailInvalid: '邮箱格式不正确',
  amountRequired: '请输入开票金额',
  amountInvalid: '开票金额必须大于0',
  amountTooHigh: '开票金额不能超过实付金额',
  invoiceRequested: '发票申请已提交',
  invoiceNotFound: '发票不存在',
  invoiceNotRequested: '该发票已处理',
  invoicePdfRequired: '请上传PDF格式的发票文件',
  invoicePdfTooLarge: '发票文件不能超过10MB',
  invoicePdfBroken: '发票文件已损坏，无法打开，请重新导出后上传',
  invoicePdfEncrypted: '发票文件已加密，请上传未加密的PDF',
  invoicePdfTooManyPages: `发票文件不能超过${INVOICE_PDF_MAX_PAGES}页`,
  invoicePdfNotReady: '发票尚未开具',
  invoiceIssued: '发票已开具',
  rejectReasonRequired: '请输入驳回原因',
  rejectReasonTooLong: `驳回原因最多${INVOICE_REJECT_REASON_MAX_LENGTH}个字符`,
  invoiceRejected: '已驳回该发票申请',
} as const;
