// The pay mode chosen from the browser (desk, phone, WeChat, Alipay User-Agents) for each channel: the sandbox's
// imitation of every mode, and WeChat Pay H5/JSAPI and Alipay wap pay against recorded channel answers.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsapiBridgeParams, MemberPlan, Order, PayOrderResult } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { createTestApp, modulesWithMembers, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { membersRepository } from './members.repository';
import { membersOrders } from './members.table';
import { annualPlan, createOrder, memberEndOf, notificationsOf } from './members.test-support';
import { createMembersModule } from './members.routes';
import type { WechatPayerSource } from './members.service';
import { readFixture, testKeys } from './payment/fixtures/load-test-keys';
import {
  createChannelTestApp,
  expectSignedBy,
  postWechatNotification,
  TEST_ALIPAY_ENV,
  TEST_WECHAT_ENV,
  wechatSignedNow,
} from './payment/fixtures/test-channels';
import { TEST_WECHAT } from './payment/fixtures/test-config';

const UA = {
  desk: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  alipay:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 AlipayClient/10.5.96.8000 Language/zh-Hans',
} as const;
type Kind = keyof typeof UA;

const PUBLIC_BASE_URL = 'https://edu.example.cn';

/** A test WechatPayerSource: members with an openid are the ones put in the map. */
function testPayers() {
  const openids = new Map<number, string>();
  const source: WechatPayerSource = {
    openidOf: (userId) => Promise.resolve(openids.get(userId) ?? null),
    canAuthorize: () => true,
  };
  return { openids, source };
}

async function pay(t: TestApp, user: TestUser, order: Order, kind: Kind) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/pay`,
    headers: { ...user.headers, 'user-agent': UA[kind] },
    remoteAddress: '203.0.113.7',
  });
}

async function payData(t: TestApp, user: TestUser, order: Order, kind: Kind): Promise<PayOrderResult> {
  const res = await pay(t, user, order, kind);
  expect(res.statusCode).toBe(200);
  return res.json().data as PayOrderResult;
}

const checkOrder = async (t: TestApp, user: TestUser, orderNo: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/orders/check_order', headers: user.headers, payload: { order_no: orderNo } })
  ).json().data as Order;

/** A new member-to-be and their pending membership order. */
async function memberOrder(t: TestApp, plan: MemberPlan) {
  const user = await createUser(t);
  return { user, order: await createOrder(t, user, { product_type: 'member', product_id: plan.id }) };
}

async function channelOf(t: TestApp, orderId: number) {
  const [row] = await t.db.select({ channel: membersOrders.channel }).from(membersOrders).where(eq(membersOrders.id, orderId));
  return row?.channel ?? null;
}

describe('sandbox: each mode imitated, chosen by the browser', () => {
  let t: TestApp;
  let annual: MemberPlan;
  const payers = testPayers();

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_BASE_URL },
      modules: modulesWithMembers(createMembersModule({ payerSource: () => payers.source })),
    });
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  const newOrder = () => memberOrder(t, annual);
  const confirm = (url: URL) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { order_no: url.searchParams.get('order_no'), token: url.searchParams.get('token') },
    });
  const payBridge = (bridge: Omit<JsapiBridgeParams, 'signType'> & { signType: string }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/sandbox/jsapi', payload: bridge });

  it('a desk browser gets the QR code (and the cashier link), as before', async () => {
    const { user, order } = await newOrder();
    const data = await payData(t, user, order, 'desk');
    expect(data.mode).toBe('qr');
    expect(data.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.pay_url).toBe(data.qr_content);
  });

  it('a phone browser gets no QR code but the H5 cashier, which pays and returns to redirect_url', async () => {
    const { user, order } = await newOrder();
    const data = await payData(t, user, order, 'phone');
    expect(data).toMatchObject({ mode: 'redirect', qr_content: null, qr_image: null });
    const url = new URL(data.pay_url!);
    expect(url.pathname).toBe('/payment/sandbox-cashier');
    expect(url.searchParams.get('variant')).toBe('h5');
    expect(url.searchParams.get('redirect_url')).toBe(`${PUBLIC_BASE_URL}/payment?order_no=${order.order_no}`);
    const res = await confirm(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.return_url).toBe(`/payment?order_no=${order.order_no}`);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
  });

  it("Alipay's browser gets the wap cashier with return_url", async () => {
    const { user, order } = await newOrder();
    const data = await payData(t, user, order, 'alipay');
    expect(data.mode).toBe('redirect');
    const url = new URL(data.pay_url!);
    expect(url.searchParams.get('variant')).toBe('wap');
    expect(url.searchParams.get('return_url')).toBe(`${PUBLIC_BASE_URL}/payment?order_no=${order.order_no}`);
    expect((await confirm(url)).statusCode).toBe(200);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
  });

  it('inside WeChat without an openid the member is sent to WeChat authorisation, and the channel is not asked', async () => {
    const { user, order } = await newOrder();
    const data = await payData(t, user, order, 'wechat');
    expect(data).toMatchObject({ mode: 'jsapi', bridge: null, qr_content: null, pay_url: null });
    if (data.mode !== 'jsapi') throw new Error('jsapi expected');
    expect(data.authorize_url).toBe(
      `/api/wechat/oauth/start?purpose=pay&redirect=${encodeURIComponent(`/payment?order_no=${order.order_no}`)}`,
    );
    expect(await channelOf(t, order.id)).toBeNull();
  });

  it('inside WeChat with an openid the bridge parameters are signed; the stand-in pays once, a forged paySign is refused', async () => {
    const { user, order } = await newOrder();
    payers.openids.set(user.id, `oSandbox${user.id}`);
    const data = await payData(t, user, order, 'wechat');
    if (data.mode !== 'jsapi' || !data.bridge) throw new Error('jsapi bridge expected');
    const bridge = data.bridge;
    expect(bridge).toMatchObject({ signType: 'HMAC-SHA256', package: expect.stringMatching(/^prepay_id=SBX\./) });
    // paySign covers appId\ntimeStamp\nnonceStr\npackage\n under the sandbox key, as WeChat's RSA paySign does.
    const secret = await membersRepository.secret(t.db, 'sandbox-notify');
    const content = `${bridge.appId}\n${bridge.timeStamp}\n${bridge.nonceStr}\n${bridge.package}\n`;
    expect(bridge.paySign).toBe(createHmac('sha256', secret).update(content).digest('base64url'));

    const forged = await payBridge({ ...bridge, package: bridge.package.replace('SBX.', 'SBX.X') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('支付参数无效或已过期');
    expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');

    expect((await payBridge(bridge)).statusCode).toBe(200);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('paid');
    const end = await memberEndOf(t, user.id);
    const again = await payBridge(bridge);
    expect(again.statusCode).toBe(409);
    expect(await memberEndOf(t, user.id)).toEqual(end);
  });

  it('a cancelled order is not paid through bridge parameters handed out before', async () => {
    const { user, order } = await newOrder();
    payers.openids.set(user.id, `oSandbox${user.id}`);
    const data = await payData(t, user, order, 'wechat');
    if (data.mode !== 'jsapi' || !data.bridge) throw new Error('jsapi bridge expected');
    await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
    const res = await payBridge(data.bridge);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('订单已取消');
    expect((await checkOrder(t, user, order.order_no)).state).toBe('cancelled');
    expect(await memberEndOf(t, user.id)).toBeNull();
  });
});

describe('sandbox without a WechatPayerSource wired', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("WeChat's browser is told, in Chinese, to open the system browser; the channel is not asked", async () => {
    const user = await createUser(t);
    const order = await createOrder(t, user, { product_type: 'member', product_id: (await annualPlan(t)).id });
    const data = await payData(t, user, order, 'wechat');
    expect(data).toMatchObject({ mode: 'open_in_browser', qr_content: null, pay_url: null });
    if (data.mode !== 'open_in_browser') throw new Error('guidance expected');
    expect(data.guidance).toContain('在浏览器打开');
    expect(await channelOf(t, order.id)).toBeNull();
  });
});

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

describe('PAYMENT_PROVIDER=wechat: H5 on a phone, JSAPI inside WeChat (recorded answers)', () => {
  let t: TestApp;
  let annual: MemberPlan;
  const clock = new ManualClock();
  const payers = testPayers();
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const h5Answer = readFixture<Recorded>('wechat-h5-order.response.json');
  const jsapiAnswer = readFixture<Recorded>('wechat-jsapi-order.response.json');

  /** The recorded answer body, signed again for now (the fixtures are signed at their recording time). */
  const signedNow = (body: string) =>
    new Response(body, { headers: { 'content-type': 'application/json', ...wechatSignedNow(clock.now(), body) } });
  const fakeWechat = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    if (String(url).endsWith('/close')) return new Response(null, { status: 204, headers: wechatSignedNow(clock.now(), '') });
    if (String(url).endsWith('/h5')) return signedNow(h5Answer.body);
    if (String(url).endsWith('/jsapi')) return signedNow(jsapiAnswer.body);
    return signedNow(JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=TestQr01' }));
  }) as typeof fetch;

  beforeAll(async () => {
    t = await createChannelTestApp(fakeWechat, {
      env: { PUBLIC_BASE_URL, ...TEST_WECHAT_ENV },
      clock,
      modules: modulesWithMembers(createMembersModule({ payerSource: () => payers.source })),
    });
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  const newOrder = () => memberOrder(t, annual);
  const notification = (order: Order, signWith: 'platform' | 'merchant' = 'platform') =>
    postWechatNotification(t, clock, order, { signWith, tradeType: 'JSAPI' });

  it('a desk browser still gets the Native QR code', async () => {
    const { user, order } = await newOrder();
    sent.length = 0;
    const data = await payData(t, user, order, 'desk');
    expect(data).toMatchObject({ mode: 'qr', qr_content: 'weixin://wxpay/bizpayurl?pr=TestQr01' });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
  });

  it('a phone browser gets the H5 h5_url with redirect_url to the order page; the request carries the payer IP and h5_info', async () => {
    const { user, order } = await newOrder();
    sent.length = 0;
    const data = await payData(t, user, order, 'phone');
    expect(data).toMatchObject({ mode: 'redirect', qr_content: null, qr_image: null });
    const h5Url = (JSON.parse(h5Answer.body) as { h5_url: string }).h5_url;
    expect(data.pay_url).toBe(
      `${h5Url}&redirect_url=${encodeURIComponent(`${PUBLIC_BASE_URL}/payment?order_no=${order.order_no}`)}`,
    );
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      out_trade_no: order.order_no,
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
  });

  it('inside WeChat the JSAPI order carries the openid and the paySign verifies with the merchant public key', async () => {
    const { user, order } = await newOrder();
    payers.openids.set(user.id, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    sent.length = 0;
    const data = await payData(t, user, order, 'wechat');
    if (data.mode !== 'jsapi' || !data.bridge) throw new Error('jsapi bridge expected');
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
    const b = data.bridge;
    expect(b).toMatchObject({ appId: TEST_WECHAT.appId, signType: 'RSA', package: `prepay_id=${JSON.parse(jsapiAnswer.body).prepay_id}` });
    expectSignedBy(`${b.appId}\n${b.timeStamp}\n${b.nonceStr}\n${b.package}\n`, testKeys.wechatMerchantPublic, b.paySign);
    expect(await channelOf(t, order.id)).toBe('wechat');
  });

  it("Alipay's browser is told to open the system browser, without calling WeChat Pay", async () => {
    const { user, order } = await newOrder();
    sent.length = 0;
    const data = await payData(t, user, order, 'alipay');
    expect(data).toMatchObject({ mode: 'open_in_browser', guidance: '支付宝内无法使用微信支付。请复制本页链接，在手机浏览器中打开后完成支付。' });
    expect(sent).toHaveLength(0);
  });

  it('a forged notification of a JSAPI payment is refused; a closed (cancelled) order is not paid by a late one', async () => {
    const { user, order } = await newOrder();
    payers.openids.set(user.id, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    await payData(t, user, order, 'wechat');
    const forged = await notification(order, 'merchant');
    expect(forged.statusCode).toBe(500);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('pending');

    sent.length = 0;
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: user.headers });
    expect(cancel.json().data.state).toBe('cancelled');
    expect(sent.map((r) => r.url)).toEqual([
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${order.order_no}/close`,
    ]);
    await notification(order);
    expect((await checkOrder(t, user, order.order_no)).state).toBe('cancelled');
    expect(await memberEndOf(t, user.id)).toBeNull();
    expect((await notificationsOf(t, order.order_no)).map((r) => r.outcome)).toEqual(['cancelled']);
  });
});

describe('PAYMENT_PROVIDER=alipay: wap pay on a phone, guidance inside WeChat', () => {
  let t: TestApp;
  let annual: MemberPlan;
  const sent: string[] = [];

  beforeAll(async () => {
    const noCall = (async (url: string | URL | Request) => {
      sent.push(String(url));
      throw new TypeError('no gateway call expected');
    }) as typeof fetch;
    t = await createChannelTestApp(noCall, { env: { PUBLIC_BASE_URL, ...TEST_ALIPAY_ENV } });
    annual = await annualPlan(t);
  });
  afterAll(() => t.close());

  const newOrder = () => memberOrder(t, annual);

  it('a desk browser gets computer page pay, a phone browser and Alipay itself phone-website pay', async () => {
    for (const [kind, method, product] of [
      ['desk', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
      ['phone', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
      ['alipay', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
    ] as const) {
      const { user, order } = await newOrder();
      const data = await payData(t, user, order, kind);
      expect(data).toMatchObject({ mode: 'redirect', qr_image: null });
      const url = new URL(data.pay_url!);
      expect(url.searchParams.get('method')).toBe(method);
      expect(url.searchParams.get('sign')).toBeTruthy();
      const returnUrl = `${PUBLIC_BASE_URL}/payment?order_no=${order.order_no}`;
      expect(url.searchParams.get('return_url')).toBe(returnUrl);
      const biz = JSON.parse(url.searchParams.get('biz_content')!) as Record<string, string>;
      expect(biz.product_code).toBe(product);
      if (kind !== 'desk') expect(biz.quit_url).toBe(returnUrl);
    }
  });

  it("WeChat's browser gets the Chinese guidance to open the system browser, and the order is not sent to Alipay", async () => {
    const { user, order } = await newOrder();
    const data = await payData(t, user, order, 'wechat');
    expect(data).toMatchObject({
      mode: 'open_in_browser',
      guidance: '微信内无法使用支付宝付款。请点击右上角「···」，选择「在浏览器打开」，在手机浏览器中完成支付。',
      pay_url: null,
    });
    expect(await channelOf(t, order.id)).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
