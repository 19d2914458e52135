import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  INVOICE_PDF_MAX_PAGES,
  membersMessages,
  type Invoice,
  type MemberPlan,
  type Order,
} from '@app/contracts';
import { FAKE_PDF, pdfFixture } from '../../testing/pdfs';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { eq } from 'drizzle-orm';
import { messages } from '../messages/messages.table';
import { annualPlan, createOrder, payThroughCashier } from './members.test-support';

let t: TestApp;
let annual: MemberPlan;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  annual = await annualPlan(t);
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const FIRST17 = '91110108MA01ABCD2';
const CREDIT_CODE = FIRST17 + creditCodeCheckChar(FIRST17)!;
const PDF = pdfFixture();

const post = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

async function paidOrder(user?: TestUser): Promise<{ user: TestUser; order: Order }> {
  const u = user ?? (await createUser(t));
  const order = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
  return { user: u, order: await payThroughCashier(t, u, order) };
}

function multipartPdf(content: Buffer, filename = 'invoice.pdf') {
  const boundary = '----invoice' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const issue = (id: number, user: TestUser, content: Buffer) => {
  const m = multipartPdf(content);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/invoices/${id}/issue`,
    headers: { ...user.headers, 'content-type': m.contentType },
    payload: m.body,
  });
};

const personal = (orderId: number, extra: object = {}) => ({
  order_id: orderId,
  title_type: 'personal',
  title: '李明',
  email: 'liming@example.com',
  ...extra,
});

describe('requesting invoices', () => {
  it('requests an invoice for my paid order, for the amount paid by default', async () => {
    const { user, order } = await paidOrder();
    const res = await post('/api/invoices', user, personal(order.id, { tax_no: 'ignored' }));
    expect(res.statusCode).toBe(200);
    const inv = res.json().data as Invoice;
    expect(inv).toMatchObject({ order_id: order.id, order_no: order.order_no, amount: 29_800, state: 'requested', tax_no: null, pdf_url: null });
    const orderNow = (await get(`/api/orders/${order.id}`, user)).json().data as Order;
    expect(orderNow).toMatchObject({ invoice: { id: inv.id, state: 'requested' }, invoiceable: false });
    expect((await get('/api/invoices', user)).json().data.list.map((i: Invoice) => i.id)).toEqual([inv.id]);
  });

  it('refuses an invoice for an unpaid order, for another user’s order, and a second invoice', async () => {
    const owner = await createUser(t);
    const unpaid = await createOrder(t, owner, { product_type: 'member', product_id: annual.id });
    const r1 = await post('/api/invoices', owner, personal(unpaid.id));
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe(membersMessages.invoiceOrderNotPaid);

    const { order } = await paidOrder();
    const r2 = await post('/api/invoices', owner, personal(order.id));
    expect(r2.statusCode).toBe(404);

    const mine = await paidOrder(await createUser(t));
    expect((await post('/api/invoices', mine.user, personal(mine.order.id))).statusCode).toBe(200);
    const r3 = await post('/api/invoices', mine.user, personal(mine.order.id, { title: '另一个抬头' }));
    expect(r3.statusCode).toBe(409);
    expect(r3.json().message).toBe(membersMessages.invoiceAlreadyRequested);
    // Concurrent requests still make one.
    const again = await paidOrder(await createUser(t));
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/api/invoices', again.user, personal(again.order.id))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('never invoices more than the amount paid, and accepts less', async () => {
    const { user, order } = await paidOrder();
    const high = await post('/api/invoices', user, personal(order.id, { amount: order.amount + 1 }));
    expect(high.statusCode).toBe(400);
    expect(high.json().data.fieldErrors.amount).toBe(membersMessages.amountTooHigh);
    const zero = await post('/api/invoices', user, personal(order.id, { amount: 0 }));
    expect(zero.statusCode).toBe(400);
    const ok = await post('/api/invoices', user, personal(order.id, { amount: 10_000 }));
    expect(ok.json().data.amount).toBe(10_000);
  });

  it('checks a company title’s tax number as a unified social credit code and the e-mail', async () => {
    const { user, order } = await paidOrder();
    const company = { order_id: order.id, title_type: 'company', title: '北京财智咨询有限公司', email: 'fin@example.com' };
    const missing = await post('/api/invoices', user, company);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors.tax_no).toBe(membersMessages.taxNoRequired);
    const wrongCheck = FIRST17 + (creditCodeCheckChar(FIRST17) === '0' ? '1' : '0');
    const bad = await post('/api/invoices', user, { ...company, tax_no: wrongCheck });
    expect(bad.json().data.fieldErrors.tax_no).toBe(membersMessages.taxNoInvalid);
    const badMail = await post('/api/invoices', user, { ...company, tax_no: CREDIT_CODE, email: 'not-mail' });
    expect(badMail.json().data.fieldErrors.email).toBe(membersMessages.emailInvalid);
    const good = await post('/api/invoices', user, { ...company, tax_no: ` ${CREDIT_CODE.toLowerCase()} ` });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ title_type: 'company', tax_no: CREDIT_CODE });
  });
});

describe('special VAT invoices (增值税专用发票)', () => {
  const special = (orderId: number, extra: object = {}) => ({
    order_id: orderId,
    title_type: 'company',
    title: '北京财智咨询有限公司',
    tax_no: CREDIT_CODE,
    email: 'fin@example.com',
    invoice_kind: 'special',
    reg_address: ' 北京市海淀区中关村大街1号 ',
    reg_phone: '010-62345678',
    bank_name: '中国工商银行北京中关村支行',
    bank_account: '0200 0045 0902 4567 890',
    ...extra,
  });

  it('accepts a special invoice with all four details, stores the account without spaces and shows them to the owner and staff', async () => {
    const { user, order } = await paidOrder();
    const res = await post('/api/invoices', user, special(order.id));
    expect(res.statusCode, res.body).toBe(200);
    const details = {
      invoice_kind: 'special',
      title_type: 'company',
      tax_no: CREDIT_CODE,
      reg_address: '北京市海淀区中关村大街1号',
      reg_phone: '010-62345678',
      bank_name: '中国工商银行北京中关村支行',
      bank_account: '0200004509024567890',
    };
    expect(res.json().data).toMatchObject(details);
    const inv = res.json().data as Invoice;
    expect((await get('/api/invoices', user)).json().data.list[0]).toMatchObject({ id: inv.id, ...details });
    const queue = (await get('/api/admin/invoices?state=requested&per=50', staff)).json().data.list as Invoice[];
    expect(queue.find((i) => i.id === inv.id)).toMatchObject(details);
  });

  it('refuses a special invoice without a bank account, naming the field, and checks each detail', async () => {
    const { user, order } = await paidOrder();
    const missing = await post('/api/invoices', user, special(order.id, { bank_account: '  ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: membersMessages.bankAccountRequired,
      data: { fieldErrors: { bank_account: membersMessages.bankAccountRequired } },
    });
    expect(Object.keys(missing.json().data.fieldErrors)).toEqual(['bank_account']);

    const bad = await post('/api/invoices', user, special(order.id, { bank_account: '1234567', reg_phone: '12345', reg_address: null, bank_name: '' }));
    expect(bad.json().data.fieldErrors).toEqual({
      reg_address: membersMessages.regAddressRequired,
      reg_phone: membersMessages.regPhoneInvalid,
      bank_name: membersMessages.bankNameRequired,
      bank_account: membersMessages.bankAccountInvalid,
    });
    const letters = await post('/api/invoices', user, special(order.id, { bank_account: '6222 0212 ABCD 5678' }));
    expect(letters.json().data.fieldErrors.bank_account).toBe(membersMessages.bankAccountInvalid);
    // A mobile number is a registered phone too.
    expect((await post('/api/invoices', user, special(order.id, { reg_phone: '13912345678' }))).statusCode).toBe(200);
  });

  it('refuses a special invoice for a personal title', async () => {
    const { user, order } = await paidOrder();
    const res = await post('/api/invoices', user, special(order.id, { title_type: 'personal', title: '李明', tax_no: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: membersMessages.specialInvoicePersonal,
      data: { fieldErrors: { invoice_kind: '个人抬头只能开具普通发票' } },
    });
    expect((await get('/api/invoices', user)).json().data.total).toBe(0);
  });

  it('a request without a kind is a normal electronic invoice, and a normal invoice drops any special details', async () => {
    const { user, order } = await paidOrder();
    const plain = await post('/api/invoices', user, personal(order.id));
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toMatchObject({
      invoice_kind: 'normal',
      title_type: 'personal',
      tax_no: null,
      reg_address: null,
      reg_phone: null,
      bank_name: null,
      bank_account: null,
    });
    const other = await paidOrder(user);
    const company = await post('/api/invoices', user, special(other.order.id, { invoice_kind: 'normal', bank_account: 'x' }));
    expect(company.statusCode).toBe(200);
    expect(company.json().data).toMatchObject({ invoice_kind: 'normal', tax_no: CREDIT_CODE, reg_address: null, bank_account: null });
  });
});

describe('staff handling invoices', () => {
  it('staff-only endpoints answer 403 to other users and 406 without login', async () => {
    const { user, order } = await paidOrder();
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    expect((await get('/api/admin/invoices', user)).statusCode).toBe(403);
    expect((await post(`/api/admin/invoices/${inv.id}/reject`, user, { reason: '测试' })).statusCode).toBe(403);
    expect((await issue(inv.id, user, PDF)).statusCode).toBe(403);
    expect((await get('/api/admin/invoices', null)).statusCode).toBe(406);
    expect((await get(`/api/invoices`, user)).json().data.list[0].state).toBe('requested');
  });

  it('issues with an uploaded PDF that only the owner and staff may download', async () => {
    const { user, order } = await paidOrder();
    const other = await createUser(t);
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    const list = (await get('/api/admin/invoices?state=requested&per=50', staff)).json().data;
    expect(list.list.some((i: { id: number; user: { id: number } }) => i.id === inv.id && i.user.id === user.id)).toBe(true);

    const notPdf = await issue(inv.id, staff, Buffer.from('<html>not a pdf</html>'));
    expect(notPdf.statusCode).toBe(415);
    expect((await get(`/api/invoices/${inv.id}/pdf`, user)).statusCode).toBe(404);

    const res = await issue(inv.id, staff, PDF);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'issued', pdf_url: `/api/invoices/${inv.id}/pdf` });
    expect((await issue(inv.id, staff, PDF)).statusCode).toBe(409);

    const download = await get(`/api/invoices/${inv.id}/pdf`, user);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="invoice-\d+\.pdf"$/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`/api/invoices/${inv.id}/pdf`, staff)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${inv.id}/pdf`, other)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${inv.id}/pdf`, null)).statusCode).toBe(406);

    const mine = (await get('/api/invoices', user)).json().data.list[0] as Invoice;
    expect(mine.state).toBe('issued');
    const notes = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(notes.some((n) => n.title === '发票已开具')).toBe(true);
  });

  it('stores an upload under a random name whatever file name it came with, and refuses a non-multipart body', async () => {
    const { user, order } = await paidOrder();
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${inv.id}/issue`,
      headers: { ...staff.headers, 'content-type': 'application/json' },
      payload: { file: PDF.toString('base64') },
    });
    expect(json.statusCode).toBe(415);
    const m = multipartPdf(PDF, '../../../evil.pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${inv.id}/issue`,
      headers: { ...staff.headers, 'content-type': m.contentType },
      payload: m.body,
    });
    expect(res.statusCode).toBe(200);
    const dir = path.join(t.config.dataDir, 'uploads', 'invoices');
    const files = await fs.readdir(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => /^[0-9a-f]{32}\.pdf$/.test(f))).toBe(true);
    expect(await fs.readdir(t.config.dataDir)).not.toContain('evil.pdf');
  });

  it('refuses a PDF that does not open, or has too many pages, and stores nothing', async () => {
    const { user, order } = await paidOrder();
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    const dir = path.join(t.config.dataDir, 'uploads', 'invoices');
    const files = async () => fs.readdir(dir).catch(() => [] as string[]);
    const before = await files();

    const fake = await issue(inv.id, staff, FAKE_PDF);
    expect(fake.statusCode).toBe(415);
    const broken = membersMessages.invoicePdfBroken;
    expect(fake.json()).toMatchObject({ code: 415, message: broken, data: { fieldErrors: { file: broken } } });
    const long = await issue(inv.id, staff, pdfFixture(INVOICE_PDF_MAX_PAGES + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 400, message: membersMessages.invoicePdfTooManyPages });
    expect(await files()).toEqual(before);
    expect((await get('/api/invoices', user)).json().data.list[0]).toMatchObject({ state: 'requested', pdf_url: null });
  });

  it('refuses a PDF over 10 MB', async () => {
    const { user, order } = await paidOrder();
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await issue(inv.id, staff, big);
    expect([413]).toContain(res.statusCode);
    expect((await get('/api/invoices', user)).json().data.list[0].state).toBe('requested');
  });

  it('rejects with a reason; the user is told and may request again', async () => {
    const { user, order } = await paidOrder();
    const inv = (await post('/api/invoices', user, personal(order.id))).json().data as Invoice;
    expect((await post(`/api/admin/invoices/${inv.id}/reject`, staff, { reason: ' ' })).statusCode).toBe(400);
    const res = await post(`/api/admin/invoices/${inv.id}/reject`, staff, { reason: '抬头与付款人不一致' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'rejected', reject_reason: '抬头与付款人不一致' });
    expect((await post(`/api/admin/invoices/${inv.id}/reject`, staff, { reason: '再次' })).statusCode).toBe(409);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(notes.some((n) => n.title === '发票申请被驳回' && n.content.includes('抬头与付款人不一致'))).toBe(true);
    expect((await get(`/api/orders/${order.id}`, user)).json().data).toMatchObject({ invoiceable: true, invoice: { state: 'rejected' } });
    const again = await post('/api/invoices', user, personal(order.id, { title: '李明（更正）' }));
    expect(again.statusCode).toBe(200);
    expect((await get('/api/orders?invoiceable=true', user)).json().data.total).toBe(0);
  });
});
