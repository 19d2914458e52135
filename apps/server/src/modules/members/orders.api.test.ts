import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_BENEFITS_PRIMARY,
  MEMBER_BENEFITS_SECONDARY,
  memberPriceOf,
  membersMessages,
  type MemberPlan,
  type Order,
} from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, sessionFor, type TestUser } from '../../testing/test-users';
import { courses } from '../courses/courses.table';
import { users } from '../users/users.table';
import { annualPlan, createOrder, payThroughCashier } from './members.test-support';

let t: TestApp;
let annual: MemberPlan;
beforeAll(async () => {
  t = await createTestApp();
  annual = await annualPlan(t);
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

async function courseOf(priceType: 'free' | 'member' | 'paid', index = 0) {
  const rows = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.priceType, priceType), eq(courses.published, true), eq(courses.kind, 'video')))
    .orderBy(asc(courses.id));
  const c = rows[index];
  if (!c) throw new Error(`no ${priceType} course #${index}`);
  return c;
}

describe('membership plans', () => {
  it('lists the annual plan first (¥298, 365 days) with the 7 + 5 benefits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as MemberPlan[];
    expect(plans[0]).toMatchObject({ name: '年度会员', price: 29_800, period_days: 365 });
    expect(plans[0]!.benefits_primary).toEqual([...MEMBER_BENEFITS_PRIMARY]);
    expect(plans[0]!.benefits_primary).toHaveLength(7);
    expect(plans[0]!.benefits_secondary).toEqual([...MEMBER_BENEFITS_SECONDARY]);
    expect(plans[0]!.benefits_secondary).toHaveLength(5);
    expect(plans[0]!.benefits_primary).toContain('课程6折起');
  });

  it('shows paid courses with the member price (60%, rounded to the fen)', async () => {
    const paid = await courseOf('paid');
    const res = await get(`/coursepoolapi/course_pools/tower_show_course?id=${paid.id}`, null);
    expect(res.json().data.member_price).toBe(memberPriceOf(paid.price));
    expect(memberPriceOf(9_950)).toBe(5_970);
    expect(memberPriceOf(1)).toBe(1);
  });
});

describe('creating orders', () => {
  it('charges the server price whatever amount, price or total the client sends', async () => {
    const u = await createUser(t);
    const res = await post('/api/orders', u, {
      product_type: 'member',
      product_id: annual.id,
      amount: 1,
      price: 1,
      total_fee: 1,
      quantity: 1,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().data as Order;
    expect(order).toMatchObject({ amount: 29_800, list_price: 29_800, quantity: 1, state: 'pending', subject: '年度会员' });
    expect(order.order_no).toMatch(/^\d{30}$/);
    expect(new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(30 * 60_000);
  });

  it.each([[-1], [0], [1.5], [2], ['1']])('refuses quantity %s with 400 and creates nothing', async (quantity) => {
    const u = await createUser(t);
    const res = await post('/api/orders', u, { product_type: 'member', product_id: annual.id, quantity, amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.quantity).toBe(membersMessages.quantityInvalid);
    expect((await get('/api/orders', u)).json().data.total).toBe(0);
  });

  it('answers the existing pending order for a second (or concurrent) purchase of the same product', async () => {
    const u = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/orders', u, { product_type: 'member', product_id: annual.id })),
    );
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect((await get('/api/orders', u)).json().data.total).toBe(1);
  });

  it('refuses unknown plans and courses that are free, members-only or already owned', async () => {
    const u = await createUser(t);
    expect((await post('/api/orders', u, { product_type: 'member', product_id: 999_999 })).statusCode).toBe(404);
    const free = await courseOf('free');
    const memberOnly = await courseOf('member');
    for (const c of [free, memberOnly]) {
      const res = await post('/api/orders', u, { product_type: 'course', product_id: c.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(membersMessages.courseNotForSale);
    }
    const paid = await courseOf('paid', 1);
    const order = await createOrder(t, u, { product_type: 'course', product_id: paid.id });
    await payThroughCashier(t, u, order);
    const again = await post('/api/orders', u, { product_type: 'course', product_id: paid.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(membersMessages.courseAlreadyOwned);
  });

  it('charges members the discounted course price and others the list price', async () => {
    const paid = await courseOf('paid');
    const plain = await createUser(t);
    const member = await createUser(t, { memberDays: 30 });
    const a = await createOrder(t, plain, { product_type: 'course', product_id: paid.id, amount: 1 });
    const b = await createOrder(t, member, { product_type: 'course', product_id: paid.id });
    expect(a).toMatchObject({ amount: paid.price, list_price: paid.price, subject: paid.title });
    expect(b).toMatchObject({ amount: memberPriceOf(paid.price), list_price: paid.price });
  });

  it('re-prices a pending course order when the buyer became a member meanwhile: the old one is cancelled, a new one made', async () => {
    const paid = await courseOf('paid');
    const u = await createUser(t);
    const first = await createOrder(t, u, { product_type: 'course', product_id: paid.id });
    expect(first.amount).toBe(paid.price);
    // Same price: the same pending order.
    expect((await createOrder(t, u, { product_type: 'course', product_id: paid.id })).id).toBe(first.id);
    await t.db
      .update(users)
      .set({ ownMemberEndAt: new Date(t.clock.now().getTime() + 30 * 86_400_000) })
      .where(eq(users.id, u.id));
    const second = await createOrder(t, u, { product_type: 'course', product_id: paid.id });
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ state: 'pending', amount: memberPriceOf(paid.price), list_price: paid.price });
    expect((await get(`/api/orders/${first.id}`, u)).json().data.state).toBe('cancelled');
    expect((await createOrder(t, u, { product_type: 'course', product_id: paid.id })).id).toBe(second.id);
    // Paying the new order grants the course at the member price.
    expect((await payThroughCashier(t, u, second)).state).toBe('paid');
  });

  it('lets a company account buy membership too', async () => {
    const company = await createUser(t, { role: 'company' });
    const order = await createOrder(t, company, { product_type: 'member', product_id: annual.id });
    expect(order.amount).toBe(29_800);
  });

  it('needs a login', async () => {
    expect((await post('/api/orders', null, { product_type: 'member', product_id: annual.id })).statusCode).toBe(406);
    expect((await get('/api/orders', null)).statusCode).toBe(406);
  });
});

describe('reading, cancelling and expiring orders', () => {
  it('shows an order only to its owner (404 for anyone else, by id or order number)', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const order = await createOrder(t, owner, { product_type: 'member', product_id: annual.id });
    expect((await get(`/api/orders/${order.id}`, owner)).json().data.order_no).toBe(order.order_no);
    expect((await get(`/api/orders/${order.id}`, other)).statusCode).toBe(404);
    expect((await post('/api/orders/check_order', other, { order_no: order.order_no })).statusCode).toBe(404);
    expect((await post(`/api/orders/${order.id}/pay`, other)).statusCode).toBe(404);
    expect((await post(`/api/orders/${order.id}/cancel`, other)).statusCode).toBe(404);
    expect((await get('/api/orders', other)).json().data.total).toBe(0);
    expect((await get(`/api/orders/${order.id}`, owner)).json().data.state).toBe('pending');
  });

  it('cancels a pending order once; a cancelled order cannot be paid and a new one can be made', async () => {
    const u = await createUser(t);
    const order = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    const res = await post(`/api/orders/${order.id}/cancel`, u);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'cancelled' });
    expect((await post(`/api/orders/${order.id}/cancel`, u)).statusCode).toBe(409);
    const pay = await post(`/api/orders/${order.id}/pay`, u);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(membersMessages.orderCancelled);
    const next = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    expect(next.id).not.toBe(order.id);
  });

  it('cancelling an order sent to the sandbox cashier: the cashier shows it cancelled and refuses to pay it', async () => {
    const u = await createUser(t);
    const order = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    const pay = await post(`/api/orders/${order.id}/pay`, u);
    const url = new URL(pay.json().data.pay_url as string);
    const ticket = { order_no: url.searchParams.get('order_no'), token: url.searchParams.get('token') };
    expect((await post(`/api/orders/${order.id}/cancel`, u)).json().data.state).toBe('cancelled');
    const cashier = await get(`/api/payments/sandbox/cashier?order_no=${order.order_no}&token=${encodeURIComponent(ticket.token!)}`, null);
    expect(cashier.json().data.state).toBe('cancelled');
    const confirm = await post('/api/payments/sandbox/confirm', null, ticket);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(membersMessages.orderCancelled);
    expect((await get(`/api/orders/${order.id}`, u)).json().data.state).toBe('cancelled');
  });

  it('expires an unpaid order after 30 minutes: check_order says expired, paying is refused, a new order is made', async () => {
    const u = await createUser(t);
    const order = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    t.clock.advance(31 * 60_000);
    const check = await post('/api/orders/check_order', u, { order_no: order.order_no });
    expect(check.json().data.state).toBe('expired');
    const pay = await post(`/api/orders/${order.id}/pay`, u);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(membersMessages.orderExpired);
    expect((await post(`/api/orders/${order.id}/cancel`, u)).statusCode).toBe(409);
    const next = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    expect(next.id).not.toBe(order.id);
    expect(next.state).toBe('pending');
    const list = (await get('/api/orders?state=expired', u)).json().data;
    expect(list.list.map((o: Order) => o.id)).toEqual([order.id]);
  });

  it('pages my orders newest first and filters by state', async () => {
    const u = await createUser(t);
    const first = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    await post(`/api/orders/${first.id}/cancel`, u);
    t.clock.advance(1000);
    const second = await createOrder(t, u, { product_type: 'member', product_id: annual.id });
    const page = (await get('/api/orders?page=1&per=1', u)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, per: 1 });
    expect(page.list[0].id).toBe(second.id);
    expect((await get('/api/orders?state=cancelled', u)).json().data.list.map((o: Order) => o.id)).toEqual([first.id]);
    expect((await get('/api/orders?state=pending', u)).json().data.list.map((o: Order) => o.id)).toEqual([second.id]);
  });

  it('seeds the member demo account with paid orders, one with an invoice waiting for staff', async () => {
    const demo = await sessionFor(t, '13800138001');
    const orders = (await get('/api/orders?state=paid', demo)).json().data.list as Order[];
    expect(orders.map((o) => o.product_type).sort()).toEqual(['course', 'member']);
    expect(orders.find((o) => o.product_type === 'member')!.invoice?.state).toBe('requested');
    const course = orders.find((o) => o.product_type === 'course')!;
    const detail = await get(`/coursepoolapi/course_pools/tower_show_course?id=${course.product_id}`, demo);
    expect(detail.json().data.mine.has_access).toBe(true);
    expect(course.amount).toBe(memberPriceOf(course.list_price));
  });
});
