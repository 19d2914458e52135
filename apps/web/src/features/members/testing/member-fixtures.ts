import type { AdminInvoice, Invoice, MemberPlan, Order } from '@app/contracts';

export function makePlan(overrides: Partial<MemberPlan> = {}): MemberPlan {
  return {
    id: 1,
    name: '年度会员',
    description: '365天会员权益',
    price: 29800,
    period_days: 365,
    benefits_primary: ['每年免费直播课6次', '每年120门财务类、60门非财务类线上课程', '会员专享课程免费学', '课程6折起', '专家财税答疑2个工作日内回复', '2次免费风险检测报告', '每月一期电子杂志'],
    benefits_secondary: ['招聘平台', '全国人才库', '1次免费职业测评', '1次专题研讨会', '个人人才码'],
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const created = new Date();
  return {
    id: 501,
    order_no: 'M202611220001',
    product_type: 'member',
    product_id: 1,
    subject: '年度会员',
    quantity: 1,
    amount: 29800,
    list_price: 29800,
    state: 'pending',
    channel: null,
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + 30 * 60_000).toISOString(),
    paid_at: null,
    cancelled_at: null,
    member_end_at: null,
    invoice: null,
    invoiceable: false,
    ...overrides,
  };
}

/** An invoice request as the member's list shows it (a personal title, waiting to be issued). */
export function makeInvoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    order_id: 11,
    order_no: 'N1',
    order_subject: '年度会员',
    title_type: 'personal',
    title: '李明',
    tax_no: null,
    invoice_kind: 'normal',
    reg_address: null,
    reg_phone: null,
    bank_name: null,
    bank_account: null,
    email: 'liming@example.com',
    amount: 29800,
    state: 'requested',
    reject_reason: null,
    pdf_url: null,
    requested_at: new Date().toISOString(),
    issued_at: null,
    rejected_at: null,
    ...over,
  };
}

/** A company's invoice request as the staff page lists it, with its applicant and order. */
export function makeAdminInvoice(over: Partial<AdminInvoice> = {}): AdminInvoice {
  return {
    ...makeInvoice({
      id: 7,
      order_id: 70,
      order_no: 'A7',
      title_type: 'company',
      title: '北京财智咨询有限公司',
      tax_no: '91110108MA01ABCD2X',
      email: 'fin@example.com',
    }),
    user: { id: 5, phone: '13800138001', nickname: '张会计', role: 'personal' },
    order_amount: 29800,
    order_paid_at: new Date().toISOString(),
    ...over,
  };
}
