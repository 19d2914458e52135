import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock';
import { PaymentNotificationError, type IncomingNotification } from './payment-provider';
import { AlipayProvider, alipayResponseContent, fenToYuan, yuanToFen } from './alipay.provider';
import { PaymentChannelError } from './payment-channel-error';
import { TEST_ALIPAY, TEST_ORDER } from './fixtures/test-config';
import { readFixture, testKeys } from './fixtures/load-test-keys';
import { alipayGatewayAnswer, alipayNotificationBody } from './fixtures/channel-simulators';
import { expectSignedBy, refusalOf, testPaymentInput } from './fixtures/test-channels';

const pagePay = readFixture<{ signContent: string; sign: string; payUrl: string }>('alipay-page-pay.json');
const recorded = readFixture<{ contentType: string; body: string; sign: string }>('alipay-notification.json');
const recordedParams = Object.fromEntries(new URLSearchParams(recorded.body));

const order = testPaymentInput('alipay');

function setup(gateway?: string) {
  return new AlipayProvider({
    appId: TEST_ALIPAY.appId,
    privateKey: testKeys.alipayAppPrivate,
    alipayPublicKey: testKeys.alipayPlatformPublic,
    clock: new ManualClock(TEST_ORDER.now),
    gateway,
  });
}

const incoming = (rawBody: string): IncomingNotification => ({
  headers: { 'content-type': recorded.contentType },
  rawBody,
  contentType: recorded.contentType,
});

/** The recorded notification's parameters with changes, signed again by the (test) Alipay key. */
function resigned(changes: Record<string, string | undefined>): IncomingNotification {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...recordedParams, ...changes })) {
    if (k !== 'sign' && k !== 'sign_type' && v !== undefined) params[k] = v;
  }
  return incoming(alipayNotificationBody(testKeys.alipayPlatformPrivate, params));
}

const rejection = (promise: Promise<unknown>) => refusalOf(promise, PaymentNotificationError);

describe('Alipay page pay', () => {
  it('builds exactly the expected signed gateway URL (test vector)', async () => {
    await expect(setup().createPayment(order)).resolves.toEqual({ payUrl: pagePay.payUrl });
    // sign is RSA2 over the sorted, unencoded k=v string, checkable with the application public key.
    expectSignedBy(pagePay.signContent, testKeys.alipayAppPublic, pagePay.sign);
    const url = new URL(pagePay.payUrl);
    expect(url.searchParams.get('sign')).toBe(pagePay.sign);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toEqual({
      out_trade_no: TEST_ORDER.orderNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '298.00',
      subject: '年度会员',
      time_expire: '2025-01-01 09:00:00',
    });
  });

  it('uses the configured gateway (sandbox) and keeps forbidden characters out of the subject', async () => {
    const { payUrl } = await setup('https://openapi-sandbox.dl.alipaydev.com/gateway.do').createPayment({
      ...order,
      subject: '课程 A&B/C=D',
      amountFen: 1999,
    });
    const url = new URL(payUrl!);
    expect(url.origin + url.pathname).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      subject: '课程 A B C D',
      total_amount: '19.99',
    });
  });

  it('refuses order numbers Alipay does not accept', async () => {
    await expect(setup().createPayment({ ...order, orderNo: 'M-2025' })).rejects.toThrow(/out_trade_no/);
  });
});

describe('Alipay phone-website pay (wap)', () => {
  const wapPay = readFixture<{ signContent: string; sign: string; payUrl: string }>('alipay-wap-pay.json');

  it('builds exactly the expected signed alipay.trade.wap.pay URL with QUICK_WAP_WAY and quit_url (test vector)', async () => {
    await expect(setup().createPayment(testPaymentInput('alipay', 'wap'))).resolves.toEqual({ payUrl: wapPay.payUrl });
    expectSignedBy(wapPay.signContent, testKeys.alipayAppPublic, wapPay.sign);
    const url = new URL(wapPay.payUrl);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('return_url')).toBe(TEST_ORDER.returnUrl);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: TEST_ORDER.returnUrl,
    });
  });

  it('refuses a mode Alipay does not have', async () => {
    await expect(setup().createPayment(testPaymentInput('alipay', 'jsapi'))).rejects.toThrow(/jsapi/);
  });
});

describe('Alipay notification', () => {
  it('verifies and maps the recorded notification', async () => {
    await expect(setup().verifyNotification(incoming(recorded.body))).resolves.toEqual({
      orderNo: TEST_ORDER.orderNo,
      amountFen: 29800,
      paid: true,
      channelTradeNo: '2025010122001446881000000001',
      paidAt: new Date('2025-01-01T08:31:05+08:00'),
      merchantId: TEST_ALIPAY.appId,
    });
  });

  it('refuses a tampered body', async () => {
    const tampered = recorded.body.replace('total_amount=298.00', 'total_amount=0.01');
    expect(tampered).not.toBe(recorded.body);
    expect((await rejection(setup().verifyNotification(incoming(tampered)))).reason).toBe('signature');
  });

  it('refuses a wrong or missing signature and a non-RSA2 sign type', async () => {
    const params = new URLSearchParams(recorded.body);
    params.set('sign', pagePay.sign);
    expect((await rejection(setup().verifyNotification(incoming(params.toString())))).reason).toBe(
      'signature',
    );
    params.delete('sign');
    expect((await rejection(setup().verifyNotification(incoming(params.toString())))).reason).toBe(
      'signature',
    );
    const rsa1 = new URLSearchParams(recorded.body);
    rsa1.set('sign_type', 'RSA');
    expect((await rejection(setup().verifyNotification(incoming(rsa1.toString())))).reason).toBe('signature');
  });

  it('refuses a notification signed by another key (our own application key)', async () => {
    const params = { ...recordedParams };
    delete params.sign;
    const body = alipayNotificationBody(testKeys.alipayAppPrivate, params);
    expect((await rejection(setup().verifyNotification(incoming(body)))).reason).toBe('signature');
  });

  it('refuses a genuine notification for another app', async () => {
    const err = await rejection(setup().verifyNotification(resigned({ app_id: '2021004100000002' })));
    expect(err.reason).toBe('merchant');
  });

  it('refuses an amount with three decimals and other malformed amounts', async () => {
    for (const amount of ['298.001', '2.98e2', '-1.00', '']) {
      const err = await rejection(setup().verifyNotification(resigned({ total_amount: amount })));
      expect(err.reason).toBe('format');
    }
  });

  it('refuses a repeated parameter and a non-form body', async () => {
    const repeated = `${recorded.body}&total_amount=0.01`;
    expect((await rejection(setup().verifyNotification(incoming(repeated)))).reason).toBe('format');
    const json = { ...incoming(recorded.body), contentType: 'application/json' };
    expect((await rejection(setup().verifyNotification(json))).reason).toBe('format');
  });

  it('treats TRADE_FINISHED as paid and WAIT_BUYER_PAY as unpaid', async () => {
    await expect(
      setup().verifyNotification(resigned({ trade_status: 'TRADE_FINISHED' })),
    ).resolves.toMatchObject({
      paid: true,
    });
    const waiting = await setup().verifyNotification(
      resigned({ trade_status: 'WAIT_BUYER_PAY', gmt_payment: undefined }),
    );
    expect(waiting).toMatchObject({ paid: false, amountFen: 29800 });
    expect(waiting.paidAt).toEqual(new Date('2025-01-01T08:31:06+08:00'));
  });

  it('answers Alipay with "success", or "failure" so it retries', () => {
    expect(setup().acknowledge(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(setup().acknowledge(false)).toMatchObject({ status: 200, body: 'failure' });
  });
});

describe('yuan and fen', () => {
  it('converts decimal yuan strings to fen exactly', () => {
    expect(yuanToFen('298.00')).toBe(29800);
    expect(yuanToFen('19.99')).toBe(1999); // 19.99 * 100 is 1998.9999999999998 in floating point
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1000')).toBe(100000);
    for (const bad of ['1.005', '01.00', '.5', '1.', '1,00', ' 1.00', 'NaN'])
      expect(yuanToFen(bad)).toBeUndefined();
  });

  it('formats fen as yuan with two decimals', () => {
    expect(fenToYuan(29800)).toBe('298.00');
    expect(fenToYuan(1999)).toBe('19.99');
    expect(fenToYuan(5)).toBe('0.05');
    expect(() => fenToYuan(1.5)).toThrow();
  });
});

describe('Alipay trade close', () => {
  const closeRequest = readFixture<{
    url: string;
    method: string;
    contentType: string;
    signContent: string;
    sign: string;
    body: string;
  }>('alipay-trade-close.request.json');
  const closed = readFixture<{ status: number; body: string }>('alipay-trade-close.response.json');
  const notExist = readFixture<{ status: number; body: string }>('alipay-trade-close.not-exist.json');
  const paid = readFixture<{ status: number; body: string }>('alipay-trade-close.paid.json');

  function closeSetup(reply: { status: number; body: string } | (() => Promise<Response>)) {
    const sent: { url: string; method?: string; headers: Record<string, string>; body: string }[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        method: init?.method,
        headers: init?.headers as Record<string, string>,
        body: String(init?.body),
      });
      if (typeof reply === 'function') return reply();
      return new Response(reply.body, {
        status: reply.status,
        headers: { 'content-type': 'text/html;charset=utf-8' },
      });
    }) as typeof fetch;
    const provider = new AlipayProvider({
      appId: TEST_ALIPAY.appId,
      privateKey: testKeys.alipayAppPrivate,
      alipayPublicKey: testKeys.alipayPlatformPublic,
      clock: new ManualClock(TEST_ORDER.closeAt),
      fetch: fakeFetch,
    });
    return { provider, sent };
  }

  const channelError = async (promise: Promise<unknown>) => {
    const err = await refusalOf(promise, PaymentChannelError);
    expect(err.code).toBe(503);
    return err;
  };

  it('posts the signed alipay.trade.close form to the gateway (test vector) and takes a signed 10000 as closed', async () => {
    const { provider, sent } = closeSetup(closed);
    await expect(provider.closePayment(TEST_ORDER.orderNo)).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(closeRequest.url);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['Content-Type']).toBe(closeRequest.contentType);
    expect(sent[0]!.body).toBe(closeRequest.body);
    const params = Object.fromEntries(new URLSearchParams(sent[0]!.body));
    expect(params).toMatchObject({
      method: 'alipay.trade.close',
      sign_type: 'RSA2',
      timestamp: '2025-01-01 08:40:00',
      sign: closeRequest.sign,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({ out_trade_no: TEST_ORDER.orderNo });
    expectSignedBy(closeRequest.signContent, testKeys.alipayAppPublic, closeRequest.sign);
  });

  it('verifies the answer signature over the exact alipay_trade_close_response text', async () => {
    const tampered = closed.body.replace('"msg":"Success"', '"msg":"Success "');
    expect(tampered).not.toBe(closed.body);
    await channelError(closeSetup({ ...closed, body: tampered }).provider.closePayment(TEST_ORDER.orderNo));
    const unsigned = closed.body.replace(/,"sign":"[^"]*"/, '');
    await channelError(closeSetup({ ...closed, body: unsigned }).provider.closePayment(TEST_ORDER.orderNo));
    // Signed with the application key instead of Alipay's.
    const content = alipayResponseContent(closed.body, 'alipay_trade_close_response')!;
    const wrongKey = alipayGatewayAnswer(testKeys.alipayAppPrivate, 'alipay_trade_close_response', content);
    await channelError(closeSetup({ ...closed, body: wrongKey }).provider.closePayment(TEST_ORDER.orderNo));
  });

  it('takes ACQ.TRADE_NOT_EXIST (the payer never opened the page) as nothing to close', async () => {
    await expect(closeSetup(notExist).provider.closePayment(TEST_ORDER.orderNo)).resolves.toBeUndefined();
  });

  it('refuses to call a trade that is no longer waiting for payment (paid) closed', async () => {
    const err = await channelError(closeSetup(paid).provider.closePayment(TEST_ORDER.orderNo));
    expect(err.tradePaid).toBe(true);
    expect(err.detail).toContain('ACQ.TRADE_STATUS_ERROR');
    expect(err.message).toBe('支付宝暂不可用，请稍后再试');
  });

  it('turns a network failure, an HTTP error or a gateway error_response into a channel error', async () => {
    const net = await channelError(
      closeSetup(() => Promise.reject(new TypeError('fetch failed'))).provider.closePayment(
        TEST_ORDER.orderNo,
      ),
    );
    expect(net.detail).toContain('fetch failed');
    await channelError(
      closeSetup({ status: 502, body: 'Bad Gateway' }).provider.closePayment(TEST_ORDER.orderNo),
    );
    const gatewayError =
      '{"error_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature"}}';
    await channelError(
      closeSetup({ status: 200, body: gatewayError }).provider.closePayment(TEST_ORDER.orderNo),
    );
  });

  it('reads the signed content whatever its nesting or escapes', () => {
    const text = '{"alipay_trade_close_response" : {"a":{"b":"}"},"c":"\\"{"},"sign":"x"}';
    expect(alipayResponseContent(text, 'alipay_trade_close_response')).toBe('{"a":{"b":"}"},"c":"\\"{"}');
    expect(alipayResponseContent('{"sign":"x"}', 'alipay_trade_close_response')).toBeUndefined();
  });
});
