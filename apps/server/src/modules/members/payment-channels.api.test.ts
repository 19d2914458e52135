// The whole app configured for WeChat Pay or Alipay (test-only keys under payment/fixtures): what the payment page
// gets from /pay, that the sandbox cashier is not mounted, and that the notify route pays exactly once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPriceOf, type MemberPlan, type Order } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import type { TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { courses } from '../courses/courses.table';
import { users } from '../users/users.table';
import { membersPaymentNotifications } from './members.table';
import { annualPlan, createOrder, memberEndOf, notificationsOf, sandboxOf } from './members.test-support';
import { formatChinaRfc3339, formatChinaTime } from './payment/channel-utils';
import {
  alipayGatewayAnswer,
  alipayNotificationBody,
  wechatSignedHeaders,
} from './payment/fixtures/channel-simulators';
import { testKeys } from './payment/fixtures/load-test-keys';
import {
  createChannelTestApp,
  postWechatNotification,
  TEST_ALIPAY_ENV,
  TEST_WECHAT_ENV,
  wechatSignedNow,
} from './payment/fixtures/test-channels';
import { TEST_ALIPAY, TEST_WECHAT } from './payment/fixtures/test-config';

const PUBLIC_BASE_URL = 'https://edu.example.cn';
const DAY_MS = 86_400_000;

const wechatEnv = { PUBLIC_BASE_URL, ...TEST_WECHAT_ENV };
const alipayEnv = { PUBLIC_BASE_URL, ...TEST_ALIPAY_ENV };

/** A published paid video course (the seeded catalogue has some). */
async function paidCourse(t: TestApp) {
  const [c] = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.priceType, 'paid'), eq(courses.published, true)))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!c) throw new Error('no paid course');
  return c;
}

/** The user becomes a member now (bought elsewhere), for 30 days. */
async function makeMember(t: TestApp, userId: number, now: Date) {
  await t.db.update(users).set({ ownMemberEndAt: new Date(now.getTime() + 30 * DAY_MS) }).where(eq(users.id, userId));
}

const checkOrder = async (t: TestApp, user: TestUser, orderNo: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/orders/check_order', headers: user.headers, payload: { order_no: orderNo } })).json()
    .data as Order;

/** The sandbox cashier and a sandbox-signed notification are refused when another channel is configured. */
/**
 * The channel says the trade is paid, then cannot be reached: each time cancel answers 409 and the order stays
 * pending. Returns the still-pending order (after the channel answers normally again) for the caller to pay.
 */
async function expectCancelWaitsForChannel(
  t: TestApp,
  plan: MemberPlan,
  answer: (mode: 'paid' | 'down' | 'closed') => void,
): Promise<{ user: TestUser; order: Order }> {
  const user = await createUser(t);
  const order = await createOrder(t, user, { product_type: 'member', product_id: plan.id });
  await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
  try {
    for (const mode of ['paid', 'down'] as const) {
      answer(mode);
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('订单支付状态确认中，请稍后再试');
      expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');
    }
  } finally {
    answer('closed');
  }
  return { user, order };
}

async function expectSandboxOff(t: TestApp, user: TestUser, order: Order) {
  const token = await sandboxOf(t).cashierToken({ orderNo: order.order_no, amountFen: order.amount, expiresAt: new Date(order.expires_at) });
  const cashier = await t.app.inject({
    method: 'GET',
    url: `/api/payments/sandbox/cashier?order_no=${order.order_no}&token=${encodeURIComponent(token)}`,
  });
  expect(cashier.statusCode).toBe(404);
  const confirm = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: { order_no: order.order_no, token } });
  expect(confirm.statusCode).toBe(404);
  const n = await sandboxOf(t).buildNotification({ orderNo: order.order_no, amountFen: order.amount, paidAt: t.clock.now() });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: n.headers as Record<string, string>,
    payload: n.rawBody,
  });
  // The configured channel's refusal: WeChat Pay's 500 FAIL, Alipay's "failure".
  expect(res.statusCode === 500 || res.body === 'failure').toBe(true);
  const [recorded] = await t.db.select().from(membersPaymentNotifications).where(eq(membersPaymentNotifications.rawBody, n.rawBody));
  expect(recorded).toMatchObject({ channel: 'sandbox', verified: false, outcome: 'channel_disabled' });
  expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');
}

describe('PAYMENT_PROVIDER=wechat (native QR)', () => {
  let t: TestApp;
  let annual: MemberPlan;
  const clock = new ManualClock();
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  let answer: 'signed' | 'unsigned' | 'refused' = 'signed';
  /** How the fake answers a close-order call: closed (204), already paid, or unreachable. */
  let closeAnswer: 'closed' | 'paid' | 'down' = 'closed';

  const signedByWechat = (body: string) => wechatSignedNow(clock.now(), body);

  /** Plays api.mch.weixin.qq.com: answers a native order with a code_url, signed with the platform key. */
  const fakeWechat = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    if (String(url).endsWith('/close')) {
      if (closeAnswer === 'down') throw new TypeError('fetch failed');
      if (closeAnswer === 'paid') {
        const body = JSON.stringify({ code: 'ORDERPAID', message: '订单已支付' });
        return new Response(body, { status: 400, headers: { 'content-type': 'application/json', ...signedByWechat(body) } });
      }
      return new Response(null, { status: 204, headers: signedByWechat('') });
    }
    if (answer === 'refused') {
      return new Response(JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }), { status: 400 });
    }
    const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=TestQr01' });
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const headers =
      answer === 'signed'
        ? wechatSignedHeaders(testKeys.wechatPlatformPrivate, TEST_WECHAT.platformSerialNo, timestamp, randomBytes(16).toString('hex'), body)
        : {};
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;

  beforeAll(async () => {
    t = await createChannelTestApp(fakeWechat, { env: wechatEnv, clock });
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  /** A WeChat Pay notification for `order`, signed (platform key) and encrypted (APIv3 key) like WeChat's. */
  const notification = (order: Order, over: { total?: number; signWith?: 'platform' | 'merchant'; mchid?: string } = {}) =>
    postWechatNotification(t, clock, order, over);

  it('pay asks WeChat Pay for a native order of the server price and shows its code_url as a QR code, without a cashier link', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id, amount: 1 });
    sent.length = 0;
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ channel: 'wechat', qr_content: 'weixin://wxpay/bizpayurl?pr=TestQr01', pay_url: null });
    expect(data.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.order.channel).toBe('wechat');

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(sent[0]!.headers.Authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      appid: TEST_WECHAT.appId,
      mchid: TEST_WECHAT.mchId,
      out_trade_no: order.order_no,
      notify_url: `${PUBLIC_BASE_URL}/api/payments/notify/wechat`,
      amount: { total: 29_800, currency: 'CNY' },
      time_expire: formatChinaRfc3339(new Date(order.expires_at)),
    });
  });

  it('an unsigned or refused WeChat answer becomes a 503 with a Chinese message', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    try {
      for (const mode of ['unsigned', 'refused'] as const) {
        answer = mode;
        const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe('微信支付暂不可用，请稍后再试');
      }
    } finally {
      answer = 'signed';
    }
  });

  it('the sandbox cashier is not mounted and sandbox notifications are refused', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    await expectSandboxOff(t, user, order);
  });

  const closeCalls = () => sent.filter((r) => r.url.endsWith('/close'));

  it('cancelling an order sent to WeChat Pay closes it there first (signed close-order call), then cancels it', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
    sent.length = 0;
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('cancelled');
    expect(closeCalls()).toHaveLength(1);
    expect(closeCalls()[0]!.url).toBe(`https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${order.order_no}/close`);
    expect(JSON.parse(closeCalls()[0]!.body)).toEqual({ mchid: TEST_WECHAT.mchId });
    expect(closeCalls()[0]!.headers.Authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/);
  });

  it('an order never sent to WeChat Pay is cancelled without calling it', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    sent.length = 0;
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
    expect(res.json().data.state).toBe('cancelled');
    expect(sent).toHaveLength(0);
  });

  it('when WeChat Pay says the order is paid, or cannot be reached, cancel answers 409 and the order stays pending; the payment then counts', async () => {
    const { user, order } = await expectCancelWaitsForChannel(t, annual, (mode) => (closeAnswer = mode));
    expect((await notification(order)).statusCode).toBe(200);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
    expect(await memberEndOf(t, user.id)).not.toBeNull();
  });

  it('re-ordering a course after becoming a member closes the full-price order at WeChat Pay and makes one at the member price', async () => {
    const user = await createUser(t);
    const course = await paidCourse(t);
    const first = await createOrder(t, user, { product_type: 'course', product_id: course.id });
    expect(first.amount).toBe(course.price);
    await t.app.inject({ method: 'POST', url: `/api/orders/${first.id}/pay`, headers: user.headers });
    await makeMember(t, user.id, clock.now());
    sent.length = 0;
    const second = await createOrder(t, user, { product_type: 'course', product_id: course.id });
    expect(second.id).not.toBe(first.id);
    expect(second.amount).toBe(memberPriceOf(course.price));
    expect(closeCalls().map((r) => r.url)).toEqual([
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${first.order_no}/close`,
    ]);
    expect((await checkOrder(t, user, first.order_no)).state).toBe('cancelled');
  });

  it('re-ordering at a new price is refused (409) and keeps the old order when WeChat Pay says it is paid', async () => {
    const user = await createUser(t);
    const course = await paidCourse(t);
    const first = await createOrder(t, user, { product_type: 'course', product_id: course.id });
    await t.app.inject({ method: 'POST', url: `/api/orders/${first.id}/pay`, headers: user.headers });
    await makeMember(t, user.id, clock.now());
    closeAnswer = 'paid';
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: { product_type: 'course', product_id: course.id } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('订单支付状态确认中，请稍后再试');
    } finally {
      closeAnswer = 'closed';
    }
    expect((await checkOrder(t, user, first.order_no)).state).toBe('pending');
    expect((await notification(first)).statusCode).toBe(200);
    expect((await checkOrder(t, user, first.order_no)).state).toBe('paid');
  });

  it('a genuine notification pays once; a replay is acknowledged and changes nothing', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    const first = await notification(order);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 'SUCCESS' });
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
    const end = (await memberEndOf(t, user.id))!.getTime();
    expect(end).toBe(clock.now().getTime() + 365 * DAY_MS);
    expect((await notification(order)).statusCode).toBe(200);
    expect((await memberEndOf(t, user.id))!.getTime()).toBe(end);
    expect((await notificationsOf(t, order.order_no)).map((r) => r.outcome).sort()).toEqual(['duplicate', 'paid']);
  });

  it('a wrong-amount, forged or other-merchant notification answers FAIL, is recorded and changes nothing', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    for (const res of [
      await notification(order, { total: 1 }),
      await notification(order, { signWith: 'merchant' }),
      await notification(order, { mchid: '1900000999' }),
    ]) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');
    expect(await memberEndOf(t, user.id)).toBeNull();
    // The forged and other-merchant ones cannot be tied to the order; the wrong amount can.
    expect((await notificationsOf(t, order.order_no)).map((r) => r.outcome)).toEqual(['amount_mismatch']);
  });
});

describe('PAYMENT_PROVIDER=alipay (page pay)', () => {
  let t: TestApp;
  let annual: MemberPlan;
  const sent: { url: string; body: string }[] = [];
  /** How the fake gateway answers alipay.trade.close. */
  let closeAnswer: 'closed' | 'not_exist' | 'paid' | 'down' = 'closed';

  /** Plays the Alipay gateway for alipay.trade.close: answers signed with the (test) Alipay key. */
  const fakeAlipay = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: String(init?.body) });
    if (closeAnswer === 'down') throw new TypeError('fetch failed');
    const params = new URLSearchParams(String(init?.body));
    const orderNo = (JSON.parse(params.get('biz_content') ?? '{}') as { out_trade_no?: string }).out_trade_no;
    const content =
      closeAnswer === 'closed'
        ? JSON.stringify({ code: '10000', msg: 'Success', trade_no: '2025010122001446881000000009', out_trade_no: orderNo })
        : JSON.stringify({
            code: '40004',
            msg: 'Business Failed',
            sub_code: closeAnswer === 'paid' ? 'ACQ.TRADE_STATUS_ERROR' : 'ACQ.TRADE_NOT_EXIST',
            sub_msg: closeAnswer === 'paid' ? '交易状态不合法' : '交易不存在',
            out_trade_no: orderNo,
          });
    return new Response(alipayGatewayAnswer(testKeys.alipayPlatformPrivate, 'alipay_trade_close_response', content), {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
    });
  }) as typeof fetch;

  beforeAll(async () => {
    t = await createChannelTestApp(fakeAlipay, { env: alipayEnv });
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  function notification(order: Order, over: { total_amount?: string; app_id?: string } = {}) {
    const now = t.clock.now();
    const body = alipayNotificationBody(testKeys.alipayPlatformPrivate, {
      notify_time: formatChinaTime(now),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(8).toString('hex'),
      app_id: over.app_id ?? TEST_ALIPAY.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2025${randomBytes(8).toString('hex')}`,
      out_trade_no: order.order_no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: over.total_amount ?? (order.amount / 100).toFixed(2),
      subject: order.subject,
      gmt_create: formatChinaTime(now),
      gmt_payment: formatChinaTime(now),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: body,
    });
  }

  it('pay answers a signed Alipay gateway URL for the server price, without a QR code', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id, amount: 1 });
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ channel: 'alipay', qr_content: null, qr_image: null });
    const url = new URL(data.pay_url as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('sign')).toBeTruthy();
    expect(url.searchParams.get('notify_url')).toBe(`${PUBLIC_BASE_URL}/api/payments/notify/alipay`);
    expect(url.searchParams.get('return_url')).toBe(`${PUBLIC_BASE_URL}/payment?order_no=${order.order_no}`);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: order.order_no, total_amount: '298.00' });
  });

  it('the sandbox cashier is not mounted and sandbox notifications are refused', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    await expectSandboxOff(t, user, order);
  });

  it('cancelling an order sent to Alipay calls alipay.trade.close first; a trade never opened (TRADE_NOT_EXIST) is fine', async () => {
    for (const mode of ['closed', 'not_exist'] as const) {
      const user = await createUser(t);
      const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
      await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
      sent.length = 0;
      closeAnswer = mode;
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
      closeAnswer = 'closed';
      expect(res.statusCode).toBe(200);
      expect(res.json().data.state).toBe('cancelled');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.url).toBe('https://openapi.alipay.com/gateway.do');
      const params = new URLSearchParams(sent[0]!.body);
      expect(params.get('method')).toBe('alipay.trade.close');
      expect(params.get('app_id')).toBe(TEST_ALIPAY.appId);
      expect(params.get('sign')).toBeTruthy();
      expect(JSON.parse(params.get('biz_content')!)).toEqual({ out_trade_no: order.order_no });
    }
  });

  it('when Alipay says the trade is paid, or cannot be reached, cancel answers 409 and the order stays pending; the payment then counts', async () => {
    const { user, order } = await expectCancelWaitsForChannel(t, annual, (mode) => (closeAnswer = mode));
    expect((await notification(order)).body).toBe('success');
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
    expect(await memberEndOf(t, user.id)).not.toBeNull();
  });

  it('a genuine notification pays once ("success"); a wrong amount or another app answers "failure" and changes nothing', async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: annual.id });
    for (const res of [await notification(order, { total_amount: '0.01' }), await notification(order, { app_id: '2021009999999999' })]) {
      expect(res.body).toBe('failure');
    }
    expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');
    expect(await memberEndOf(t, user.id)).toBeNull();

    const paid = await notification(order);
    expect(paid.body).toBe('success');
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
    const end = await memberEndOf(t, user.id);
    expect(end!.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
    expect((await notification(order)).body).toBe('success');
    expect(await memberEndOf(t, user.id)).toEqual(end);
    expect((await notificationsOf(t, order.order_no)).map((r) => r.outcome)).toEqual(['amount_mismatch', 'paid', 'duplicate']);
  });
});
