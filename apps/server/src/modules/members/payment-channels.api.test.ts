// The whole app configured for WeChat Pay or Alipay (test-only keys under payment/fixtures): what the payment page
// gets from /pay, that the sandbox cashier is not mounted, and that the notify route pays exactly once.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberPlan, Order } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { membersPaymentNotifications } from './members.table';
import { annualPlan, createOrder, memberEndOf, notificationsOf, sandboxOf } from './members.test-support';
import { formatChinaRfc3339, formatChinaTime } from './payment/channel-utils';
import { alipayNotificationBody, wechatNotificationBody, wechatSignedHeaders } from './payment/fixtures/channel-simulators';
import { testKeys } from './payment/fixtures/load-test-keys';
import { TEST_ALIPAY_ENV, TEST_WECHAT_ENV } from './payment/fixtures/test-channels';
import { TEST_ALIPAY, TEST_WECHAT } from './payment/fixtures/test-config';

const PUBLIC_BASE_URL = 'https://edu.example.cn';
const DAY_MS = 86_400_000;

const wechatEnv = { PUBLIC_BASE_URL, ...TEST_WECHAT_ENV };
const alipayEnv = { PUBLIC_BASE_URL, ...TEST_ALIPAY_ENV };

const checkOrder = async (t: TestApp, user: TestUser, orderNo: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/orders/check_order', headers: user.headers, payload: { order_no: orderNo } })).json()
    .data as Order;

/** The sandbox cashier and a sandbox-signed notification are refused when another channel is configured. */
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

  /** Plays api.mch.weixin.qq.com: answers a native order with a code_url, signed with the platform key. */
  const fakeWechat = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
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
    // The adapter takes the global fetch when it is built (the app has no fetch option of its own).
    vi.stubGlobal('fetch', fakeWechat);
    try {
      t = await createTestApp({ env: wechatEnv, clock });
    } finally {
      vi.unstubAllGlobals();
    }
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  /** A WeChat Pay notification for `order`, signed (platform key) and encrypted (APIv3 key) like WeChat's. */
  function notification(order: Order, over: { total?: number; signWith?: 'platform' | 'merchant'; mchid?: string } = {}) {
    const now = clock.now();
    const body = wechatNotificationBody({
      id: `EV-${randomBytes(6).toString('hex')}`,
      createTime: formatChinaRfc3339(now),
      apiV3Key: TEST_WECHAT.apiV3Key,
      resourceNonce: randomBytes(6).toString('hex'),
      transaction: {
        appid: TEST_WECHAT.appId,
        mchid: over.mchid ?? TEST_WECHAT.mchId,
        out_trade_no: order.order_no,
        transaction_id: `4200${randomBytes(8).toString('hex')}`,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        success_time: formatChinaRfc3339(now),
        payer: { openid: 'oTestOnlyOpenId' },
        amount: { total: over.total ?? order.amount, payer_total: over.total ?? order.amount, currency: 'CNY', payer_currency: 'CNY' },
      },
    });
    const key = over.signWith === 'merchant' ? testKeys.wechatMerchantPrivate : testKeys.wechatPlatformPrivate;
    const headers = wechatSignedHeaders(key, TEST_WECHAT.platformSerialNo, String(Math.floor(now.getTime() / 1000)), randomBytes(16).toString('hex'), body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  }

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

  beforeAll(async () => {
    t = await createTestApp({ env: alipayEnv });
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
