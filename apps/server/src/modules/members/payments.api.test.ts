import { asc, and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersMessages, type MemberPlan, type Order } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { courses, coursesLessons } from '../courses/courses.table';
import { messages } from '../messages/messages.table';
import { membersOrders, membersPaymentNotifications } from './members.table';
import { SandboxProvider } from './payment/sandbox.provider';
import { createMembersService } from './members.service';
import type { MessagesService } from '../messages/messages.service';
import { annualPlan, createOrder, memberEndOf, notificationsOf, payThroughCashier, sandboxOf } from './members.test-support';

const DAY_MS = 86_400_000;

let t: TestApp;
let annual: MemberPlan;
beforeAll(async () => {
  t = await createTestApp();
  annual = await annualPlan(t);
});
afterAll(() => t.close());

const notify = (n: { headers: Record<string, unknown>; rawBody: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: n.headers as Record<string, string>,
    payload: n.rawBody,
  });

const recordedBody = (rawBody: string) =>
  t.db.select().from(membersPaymentNotifications).where(eq(membersPaymentNotifications.rawBody, rawBody));

const checkOrder = async (user: TestUser, orderNo: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/orders/check_order', headers: user.headers, payload: { order_no: orderNo } })).json()
    .data as Order;

async function newMemberOrder() {
  const user = await createUser(t);
  const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
  return { user, order };
}

/** A correctly signed sandbox notification with chosen fields. */
async function signed(
  order: Order,
  over: { amount?: number; mchid?: string; state?: 'SUCCESS' | 'CLOSED'; at?: Date; paidAt?: Date } = {},
) {
  const body = {
    mchid: over.mchid ?? 'sandbox-merchant',
    out_trade_no: order.order_no,
    transaction_id: `SBXTEST${Math.random().toString(36).slice(2)}`,
    trade_state: over.state ?? 'SUCCESS',
    success_time: (over.paidAt ?? t.clock.now()).toISOString(),
    amount: { total: over.amount ?? order.amount, currency: 'CNY' },
  };
  return sandboxOf(t).sign(JSON.stringify(body), over.at);
}

describe('sandbox cashier, end to end', () => {
  it('membership: create -> pay (QR + cashier link) -> confirm -> check_order paid -> member for 365 more days', async () => {
    const { user, order } = await newMemberOrder();
    const pay = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
    expect(pay.statusCode).toBe(200);
    const data = pay.json().data;
    expect(data.channel).toBe('sandbox');
    expect(data.qr_content).toBe(data.pay_url);
    expect(data.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    const url = new URL(data.pay_url);
    expect(url.pathname).toBe('/payment/sandbox-cashier');
    expect(url.searchParams.get('order_no')).toBe(order.order_no);
    const token = url.searchParams.get('token')!;

    const cashier = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/cashier?order_no=${order.order_no}&token=${encodeURIComponent(token)}`,
    });
    expect(cashier.json().data).toMatchObject({ order_no: order.order_no, subject: '年度会员', amount: 29_800, state: 'pending' });

    expect((await t.app.inject({ method: 'POST', url: '/api/users/get_current_user', headers: user.headers })).json().data.is_member).toBe(false);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: { order_no: order.order_no, token } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data).toMatchObject({ state: 'paid', return_url: `/payment?order_no=${order.order_no}` });

    const checked = await checkOrder(user, order.order_no);
    expect(checked.state).toBe('paid');
    expect(checked.paid_at).not.toBeNull();
    const me = (await t.app.inject({ method: 'POST', url: '/api/users/get_current_user', headers: user.headers })).json().data;
    expect(me.is_member).toBe(true);
    expect(new Date(me.member_end_at).getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
    expect(checked.member_end_at).toBe(me.member_end_at);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(notes.some((n) => n.title === '会员开通成功')).toBe(true);
    const recorded = await notificationsOf(t, order.order_no);
    expect(recorded.map((r) => [r.verified, r.outcome])).toEqual([[true, 'paid']]);

    // Paying again through the same cashier link is refused.
    const again = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: { order_no: order.order_no, token } });
    expect(again.statusCode).toBe(409);
  });

  it('extends a current membership from its end date, not from now', async () => {
    const user = await createUser(t, { memberDays: 10 });
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    await payThroughCashier(t, user, order);
    expect((await memberEndOf(t, user.id))!.getTime()).toBe(t.clock.now().getTime() + 375 * DAY_MS);
  });

  it('course: paying opens every lesson of the bought course', async () => {
    const user = await createUser(t);
    const [paid] = await t.db
      .select()
      .from(courses)
      .where(and(eq(courses.priceType, 'paid'), eq(courses.published, true), eq(courses.kind, 'video')))
      .orderBy(asc(courses.id));
    const [lesson] = await t.db
      .select()
      .from(coursesLessons)
      .where(and(eq(coursesLessons.courseId, paid!.id), eq(coursesLessons.isTrial, false)));
    const open = () => t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson!.id}`, headers: user.headers });
    expect((await open()).statusCode).toBe(403);
    const order = await createOrder(t, user, { product_type: 'course', product_id: paid!.id });
    expect((await payThroughCashier(t, user, order)).state).toBe('paid');
    expect((await open()).statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_course?id=${paid!.id}`, headers: user.headers });
    expect(detail.json().data.mine.has_access).toBe(true);
  });

  it('refuses a cashier token of another order, of another amount or a made-up one', async () => {
    const a = await newMemberOrder();
    const b = await newMemberOrder();
    const ticket = (o: Order, amountFen = o.amount) =>
      sandboxOf(t).cashierToken({ orderNo: o.order_no, amountFen, expiresAt: new Date(o.expires_at) });
    expect(await sandboxOf(t).checkCashierToken({ orderNo: a.order.order_no, amountFen: a.order.amount, expiresAt: new Date(a.order.expires_at) }, await ticket(a.order))).toBe(true);
    for (const token of [await ticket(b.order), await ticket(a.order, 1), 'forged']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: { order_no: a.order.order_no, token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(membersMessages.cashierTokenInvalid);
    }
    expect((await checkOrder(a.user, a.order.order_no)).state).toBe('pending');
  });

  it('a cashier ticket stops working when its order expires', async () => {
    const { user, order } = await newMemberOrder();
    const pay = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
    const token = new URL(pay.json().data.pay_url as string).searchParams.get('token')!;
    t.clock.advance(30 * 60_000);
    const qs = `order_no=${order.order_no}&token=${encodeURIComponent(token)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/cashier?${qs}` })).statusCode).toBe(404);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: { order_no: order.order_no, token } });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().message).toBe(membersMessages.cashierTokenInvalid);
    expect(await memberEndOf(t, user.id)).toBeNull();
    expect(await notificationsOf(t, order.order_no)).toHaveLength(0);
  });
});

describe('payment notifications', () => {
  it('a forged (wrong key) notification changes nothing and is recorded', async () => {
    const { user, order } = await newMemberOrder();
    const forger = new SandboxProvider({ secret: async () => 'not-the-key', clock: t.clock });
    const n = await forger.buildNotification({ orderNo: order.order_no, amountFen: order.amount, paidAt: t.clock.now() });
    const res = await notify(n);
    expect(res.statusCode).toBe(400);
    expect((await recordedBody(n.rawBody)).map((r) => [r.verified, r.outcome])).toEqual([[false, 'invalid_signature']]);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
    expect(await memberEndOf(t, user.id)).toBeNull();
    const rows = await t.db.select().from(membersOrders).where(eq(membersOrders.id, order.id));
    expect(rows[0]!.state).toBe('pending');
  });

  it('an unsigned notification changes nothing and is recorded as an invalid signature', async () => {
    const { user, order } = await newMemberOrder();
    const n = await signed(order);
    const rawBody = n.rawBody;
    const res = await notify({ headers: { 'content-type': 'application/json' }, rawBody });
    expect(res.statusCode).toBe(400);
    expect((await recordedBody(rawBody)).map((r) => [r.verified, r.outcome])).toEqual([[false, 'invalid_signature']]);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('a tampered body (amount changed after signing) changes nothing', async () => {
    const { user, order } = await newMemberOrder();
    const n = await signed(order, { amount: 1 });
    const tampered = n.rawBody.replace('"total":1,', `"total":${order.amount},`);
    expect(tampered).not.toBe(n.rawBody);
    expect((await notify({ headers: n.headers, rawBody: tampered })).statusCode).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('a genuine notification with the wrong amount changes nothing and is recorded as such', async () => {
    const { user, order } = await newMemberOrder();
    const res = await notify(await signed(order, { amount: 1 }));
    expect(res.statusCode).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
    expect(await memberEndOf(t, user.id)).toBeNull();
    const recorded = await notificationsOf(t, order.order_no);
    expect(recorded.map((r) => [r.verified, r.outcome])).toEqual([[true, 'amount_mismatch']]);
  });

  it('a notification for another merchant changes nothing', async () => {
    const { user, order } = await newMemberOrder();
    expect((await notify(await signed(order, { mchid: 'other-merchant' }))).statusCode).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('a stale notification (signed 10 minutes ago) changes nothing', async () => {
    const { user, order } = await newMemberOrder();
    const n = await signed(order, { at: new Date(t.clock.now().getTime() - 10 * 60_000) });
    expect((await notify(n)).statusCode).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('a non-success trade state is acknowledged but pays nothing', async () => {
    const { user, order } = await newMemberOrder();
    expect((await notify(await signed(order, { state: 'CLOSED' }))).statusCode).toBe(200);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('a replayed notification is acknowledged and applied once', async () => {
    const { user, order } = await newMemberOrder();
    const n = await signed(order);
    expect((await notify(n)).statusCode).toBe(200);
    const end = await memberEndOf(t, user.id);
    t.clock.advance(60_000);
    expect((await notify(n)).statusCode).toBe(200);
    expect(await memberEndOf(t, user.id)).toEqual(end);
    const recorded = await notificationsOf(t, order.order_no);
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['duplicate', 'paid']);
  });

  it('only affects the order owner: a notification for one user’s order never changes another user', async () => {
    const a = await newMemberOrder();
    const b = await newMemberOrder();
    expect((await notify(await signed(a.order))).statusCode).toBe(200);
    expect(await memberEndOf(t, a.user.id)).not.toBeNull();
    expect(await memberEndOf(t, b.user.id)).toBeNull();
    expect((await checkOrder(b.user, b.order.order_no)).state).toBe('pending');
  });

  it('twenty concurrent notifications for one order extend membership once', async () => {
    const { user, order } = await newMemberOrder();
    const results = await Promise.all(Array.from({ length: 20 }, async () => notify(await signed(order))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await memberEndOf(t, user.id))!.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
    const recorded = await notificationsOf(t, order.order_no);
    expect(recorded).toHaveLength(20);
    expect(recorded.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(notes.filter((n) => n.title === '会员开通成功')).toHaveLength(1);
  });

  it('a paid notification for an expired or cancelled order is recorded but grants nothing', async () => {
    const expired = await newMemberOrder();
    t.clock.advance(31 * 60_000);
    expect((await notify(await signed(expired.order))).statusCode).toBe(400);
    expect(await memberEndOf(t, expired.user.id)).toBeNull();
    expect((await checkOrder(expired.user, expired.order.order_no)).state).toBe('expired');

    const cancelled = await newMemberOrder();
    await t.app.inject({ method: 'POST', url: `/api/orders/${cancelled.order.id}/cancel`, headers: cancelled.user.headers });
    expect((await notify(await signed(cancelled.order))).statusCode).toBe(400);
    expect(await memberEndOf(t, cancelled.user.id)).toBeNull();
    expect((await notificationsOf(t, expired.order.order_no)).map((r) => r.outcome)).toEqual(['expired']);
    expect((await notificationsOf(t, cancelled.order.order_no)).map((r) => r.outcome)).toEqual(['cancelled']);
  });

  it('a payment made in time but notified after the expiry still counts, even after the user ordered again', async () => {
    const { user, order } = await newMemberOrder();
    const paidAt = new Date(new Date(order.expires_at).getTime() - 5_000);
    t.clock.advance(31 * 60_000);
    // The user gave up and ordered again: the old order is stored as expired.
    const next = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    expect(next.id).not.toBe(order.id);
    expect((await notify(await signed(order, { paidAt }))).statusCode).toBe(200);
    const checked = await checkOrder(user, order.order_no);
    expect(checked.state).toBe('paid');
    expect(checked.paid_at).toBe(paidAt.toISOString());
    expect(await memberEndOf(t, user.id)).not.toBeNull();
    expect((await checkOrder(user, next.order_no)).state).toBe('pending');
  });

  it('a payment made before the user cancelled counts; one made after the cancel does not', async () => {
    const before = await newMemberOrder();
    const paidAt = t.clock.now();
    t.clock.advance(60_000);
    await t.app.inject({ method: 'POST', url: `/api/orders/${before.order.id}/cancel`, headers: before.user.headers });
    expect((await notify(await signed(before.order, { paidAt }))).statusCode).toBe(200);
    expect((await checkOrder(before.user, before.order.order_no)).state).toBe('paid');

    const after = await newMemberOrder();
    await t.app.inject({ method: 'POST', url: `/api/orders/${after.order.id}/cancel`, headers: after.user.headers });
    t.clock.advance(1_000);
    expect((await notify(await signed(after.order))).statusCode).toBe(400);
    expect((await checkOrder(after.user, after.order.order_no)).state).toBe('cancelled');
    expect(await memberEndOf(t, after.user.id)).toBeNull();
  });

  it('a payment time claimed in the future is taken as the time received', async () => {
    const { user, order } = await newMemberOrder();
    const paidAt = new Date(t.clock.now().getTime() + 3_600_000);
    expect((await notify(await signed(order, { paidAt }))).statusCode).toBe(200);
    expect((await checkOrder(user, order.order_no)).paid_at).toBe(t.clock.now().toISOString());
  });

  it('a notification whose effect fails to apply is recorded, changes nothing and is left for the channel to retry', async () => {
    const { user, order } = await newMemberOrder();
    const sandbox = sandboxOf(t);
    const failing = createMembersService({
      db: t.db,
      clock: t.clock,
      provider: sandbox,
      messages: {
        send: () => Promise.reject(new Error('messages table unavailable')),
      } as unknown as MessagesService,
    });
    const n = await signed(order);
    const { ack, outcome } = await failing.handleNotification('sandbox', n);
    expect(outcome).toBe('error');
    expect(ack.status).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
    expect(await memberEndOf(t, user.id)).toBeNull();
    expect((await notificationsOf(t, order.order_no)).map((r) => [r.verified, r.outcome])).toEqual([[true, 'error']]);
    // The channel's retry, once the fault is gone, pays the order.
    expect((await notify(await signed(order))).statusCode).toBe(200);
    expect((await checkOrder(user, order.order_no)).state).toBe('paid');
  });

  it('a notification on a channel that is not configured is refused', async () => {
    const { user, order } = await newMemberOrder();
    const n = await signed(order);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/notify/wechat', headers: n.headers as Record<string, string>, payload: n.rawBody });
    expect(res.statusCode).toBe(400);
    expect((await checkOrder(user, order.order_no)).state).toBe('pending');
  });

  it('keeps the exact bytes of a form-encoded notification (what Alipay signs) in the record', async () => {
    const raw = 'out_trade_no=123&total_amount=298.00&sign=abc%2B%2F%3D&subject=%E5%B9%B4%E5%BA%A6';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    const [row] = await recordedBody(raw);
    expect(row).toMatchObject({ verified: false, outcome: 'invalid_signature', contentType: 'application/x-www-form-urlencoded; charset=utf-8' });
  });
});
