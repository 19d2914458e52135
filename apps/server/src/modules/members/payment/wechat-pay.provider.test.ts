import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock';
import { PaymentNotificationError, type CreatePaymentInput, type IncomingNotification } from './payment-provider';
import { PaymentChannelError } from './payment-channel-error';
import { WechatPayProvider } from './wechat-pay.provider';
import { TEST_ORDER, TEST_WECHAT } from './fixtures/test-config';
import { readFixture, testKeys } from './fixtures/load-test-keys';
import { wechatNotificationBody, wechatSignedHeaders } from './fixtures/channel-simulators';
import { expectSignedBy, refusalOf, testPaymentInput } from './fixtures/test-channels';

interface RecordedRequest {
  nonce: string;
  url: string;
  method: string;
  canonicalMessage: string;
  body: string;
  signature: string;
  authorization: string;
}
interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
interface RecordedNotification {
  receivedAt: string;
  headers: Record<string, string>;
  body: string;
  decryptedResource: Record<string, unknown> & { amount: Record<string, unknown> };
}

const request = readFixture<RecordedRequest>('wechat-native-order.request.json');
const answer = readFixture<RecordedResponse>('wechat-native-order.response.json');
const refusal = readFixture<RecordedResponse>('wechat-native-order.error-response.json');
const notification = readFixture<RecordedNotification>('wechat-notification.json');

const order = testPaymentInput('wechat');

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: string;
}

function setup(reply: RecordedResponse | (() => Promise<Response>) = answer, at: string = TEST_ORDER.now) {
  const clock = new ManualClock(at);
  const sent: Sent[] = [];
  const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method,
      headers: init?.headers as Record<string, string>,
      body: String(init?.body),
    });
    if (typeof reply === 'function') return reply();
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  }) as typeof fetch;
  const provider = new WechatPayProvider({
    ...TEST_WECHAT,
    privateKey: testKeys.wechatMerchantPrivate,
    platformPublicKey: testKeys.wechatPlatformPublic,
    fetch: fakeFetch,
    clock,
    nonce: () => request.nonce,
  });
  return { provider, clock, sent };
}

async function channelError(promise: Promise<unknown>): Promise<PaymentChannelError> {
  const channelErr = await refusalOf(promise, PaymentChannelError);
  expect(channelErr.code).toBe(503);
  expect(channelErr.message).toBe('微信支付暂不可用，请稍后再试');
  return channelErr;
}

const rejection = (promise: Promise<unknown>) => refusalOf(promise, PaymentNotificationError);

describe('WeChat Pay native order', () => {
  it('posts the documented body with the expected Authorization signature (test vector)', async () => {
    const { provider, sent } = setup();
    await provider.createPayment(order);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(request.url);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toBe(request.body);
    expect(sent[0]!.headers.Authorization).toBe(request.authorization);
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(sent[0]!.headers.Accept).toBe('application/json');
    // The signature is SHA256withRSA over the canonical message, checkable with the merchant public key.
    expect(request.canonicalMessage).toBe(
      `POST\n/v3/pay/transactions/native\n1735691400\n${request.nonce}\n${request.body}\n`,
    );
    expectSignedBy(request.canonicalMessage, testKeys.wechatMerchantPublic, request.signature);
  });

  it('returns the code_url of a correctly signed answer as the QR content', async () => {
    const { provider } = setup();
    await expect(provider.createPayment(order)).resolves.toEqual({
      qrContent: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    });
  });

  it('sends the payer IP as scene_info when known', async () => {
    const { provider, sent } = setup();
    await provider.createPayment({ ...order, clientIp: '203.0.113.7' });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ scene_info: { payer_client_ip: '203.0.113.7' } });
  });

  it('refuses an answer whose body was tampered with', async () => {
    const { provider } = setup({ ...answer, body: answer.body.replace('p4lpSuKzz', 'attacker00') });
    await channelError(provider.createPayment(order));
  });

  it('refuses an answer without signature headers or from another platform serial', async () => {
    const unsigned = Object.fromEntries(
      Object.entries(answer.headers).filter(([k]) => !k.startsWith('wechatpay-')),
    );
    await channelError(setup({ ...answer, headers: unsigned }).provider.createPayment(order));
    const otherSerial = { ...answer.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' };
    const err = await channelError(setup({ ...answer, headers: otherSerial }).provider.createPayment(order));
    expect(err.detail).toMatch(/serial/);
  });

  it('turns a refusal into a channel error carrying the WeChat code', async () => {
    const err = await channelError(setup(refusal).provider.createPayment(order));
    expect(err.detail).toContain('HTTP 400');
    expect(err.detail).toContain('INVALID_REQUEST');
  });

  it('turns a network failure into a channel error', async () => {
    const { provider } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const err = await channelError(provider.createPayment(order));
    expect(err.detail).toContain('fetch failed');
  });

  it('refuses order numbers WeChat does not accept before calling it', async () => {
    const { provider, sent } = setup();
    await expect(provider.createPayment({ ...order, orderNo: 'bad no!' })).rejects.toThrow(/out_trade_no/);
    expect(sent).toHaveLength(0);
  });
});

/** Places `input` against the recorded answer; the request sent is exactly the recorded one (URL, body, signature). */
async function expectSentAsRecorded(reply: RecordedResponse, input: CreatePaymentInput, recorded: RecordedRequest) {
  const { provider, sent } = setup(reply);
  await provider.createPayment(input);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url).toBe(recorded.url);
  expect(sent[0]!.body).toBe(recorded.body);
  expect(sent[0]!.headers.Authorization).toBe(recorded.authorization);
}

describe('WeChat Pay H5 order (phone browser)', () => {
  const h5Request = readFixture<RecordedRequest & { payerIp: string }>('wechat-h5-order.request.json');
  const h5Answer = readFixture<RecordedResponse>('wechat-h5-order.response.json');
  const h5Order = { ...testPaymentInput('wechat', 'h5'), clientIp: h5Request.payerIp };

  it('posts scene_info with the payer IP and h5_info Wap to /v3/pay/transactions/h5, signed (test vector)', async () => {
    await expectSentAsRecorded(h5Answer, h5Order, h5Request);
    expectSignedBy(h5Request.canonicalMessage, testKeys.wechatMerchantPublic, h5Request.signature);
  });

  it('answers the signed h5_url with redirect_url back to the order page', async () => {
    const { provider } = setup(h5Answer);
    const { payUrl } = await provider.createPayment(h5Order);
    const h5Url = (JSON.parse(h5Answer.body) as { h5_url: string }).h5_url;
    expect(payUrl).toBe(`${h5Url}&redirect_url=${encodeURIComponent(TEST_ORDER.returnUrl)}`);
  });

  it('refuses a tampered or unsigned H5 answer, and an H5 order without the payer IP', async () => {
    const tampered = { ...h5Answer, body: h5Answer.body.replace('wx.tenpay.com', 'evil.example.com') };
    await channelError(setup(tampered).provider.createPayment(h5Order));
    const unsigned = { ...h5Answer, headers: { 'content-type': 'application/json' } };
    await channelError(setup(unsigned).provider.createPayment(h5Order));
    const { provider, sent } = setup(h5Answer);
    await expect(provider.createPayment({ ...h5Order, clientIp: undefined })).rejects.toThrow(/payer IP/);
    expect(sent).toHaveLength(0);
  });
});

describe('WeChat Pay JSAPI order (inside WeChat)', () => {
  const jsapiRequest = readFixture<RecordedRequest & { payerOpenid: string }>('wechat-jsapi-order.request.json');
  const jsapiAnswer = readFixture<RecordedResponse>('wechat-jsapi-order.response.json');
  const bridge = readFixture<{ signContent: string; params: Record<string, string> }>('wechat-jsapi-bridge.json');
  const jsapiOrder = { ...testPaymentInput('wechat', 'jsapi'), payerOpenid: jsapiRequest.payerOpenid };

  it('posts payer.openid to /v3/pay/transactions/jsapi, signed (test vector)', async () => {
    await expectSentAsRecorded(jsapiAnswer, jsapiOrder, jsapiRequest);
  });

  it('turns the prepay_id into getBrandWCPayRequest parameters whose paySign verifies with the merchant public key', async () => {
    const { provider } = setup(jsapiAnswer);
    const { jsapi } = await provider.createPayment(jsapiOrder);
    expect(jsapi).toEqual(bridge.params);
    expect(bridge.signContent).toBe(
      `${jsapi!.appId}\n${jsapi!.timeStamp}\n${jsapi!.nonceStr}\n${jsapi!.package}\n`,
    );
    expectSignedBy(bridge.signContent, testKeys.wechatMerchantPublic, jsapi!.paySign);
  });

  it('refuses an answer signed with another key and an order without openid', async () => {
    const forged = {
      ...jsapiAnswer,
      headers: wechatSignedHeaders(
        testKeys.wechatMerchantPrivate,
        TEST_WECHAT.platformSerialNo,
        jsapiAnswer.headers['wechatpay-timestamp']!,
        'N0NCE',
        jsapiAnswer.body,
      ),
    };
    await channelError(setup(forged).provider.createPayment(jsapiOrder));
    await expect(setup(jsapiAnswer).provider.createPayment({ ...jsapiOrder, payerOpenid: undefined })).rejects.toThrow(
      /openid/,
    );
  });
});

describe('WeChat Pay notification', () => {
  const incoming = (over: Partial<IncomingNotification> = {}): IncomingNotification => ({
    headers: notification.headers,
    rawBody: notification.body,
    contentType: 'application/json',
    ...over,
  });

  /** A notification signed by the (test) platform key around the given transaction. */
  function signedNotification(
    transaction: Record<string, unknown>,
    opts: { apiV3Key?: string; mangle?: (body: string) => string } = {},
  ): IncomingNotification {
    let body = wechatNotificationBody({
      id: 'EV-1',
      createTime: '2025-01-01T08:31:06+08:00',
      apiV3Key: opts.apiV3Key ?? TEST_WECHAT.apiV3Key,
      resourceNonce: 'a1b2c3d4e5f6',
      transaction,
    });
    if (opts.mangle) body = opts.mangle(body);
    const headers = wechatSignedHeaders(
      testKeys.wechatPlatformPrivate,
      TEST_WECHAT.platformSerialNo,
      String(Date.parse('2025-01-01T08:31:06+08:00') / 1000),
      'nonce-xyz',
      body,
    );
    return { headers, rawBody: body, contentType: 'application/json' };
  }

  it('verifies, decrypts and maps the recorded notification', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    await expect(provider.verifyNotification(incoming())).resolves.toEqual({
      orderNo: TEST_ORDER.orderNo,
      amountFen: 29800,
      paid: true,
      channelTradeNo: '4200002345202501011234567890',
      paidAt: new Date('2025-01-01T08:31:05+08:00'),
      merchantId: TEST_WECHAT.mchId,
    });
  });

  it('reads headers whatever their case', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const upper = Object.fromEntries(
      Object.entries(notification.headers).map(([k, v]) => [
        k.replace(/(^|-)(\w)/g, (m) => m.toUpperCase()),
        v,
      ]),
    );
    await expect(provider.verifyNotification(incoming({ headers: upper }))).resolves.toMatchObject({
      paid: true,
    });
  });

  it('refuses a tampered body', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const tampered = notification.body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    expect(tampered).not.toBe(notification.body);
    expect((await rejection(provider.verifyNotification(incoming({ rawBody: tampered })))).reason).toBe(
      'signature',
    );
  });

  it('refuses a wrong signature', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const forged = {
      ...notification.headers,
      'wechatpay-signature': answer.headers['wechatpay-signature']!,
    };
    expect((await rejection(provider.verifyNotification(incoming({ headers: forged })))).reason).toBe(
      'signature',
    );
    const garbage = { ...notification.headers, 'wechatpay-signature': 'bm90IGEgc2lnbmF0dXJl' };
    expect((await rejection(provider.verifyNotification(incoming({ headers: garbage })))).reason).toBe(
      'signature',
    );
  });

  it.each(['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial'])(
    'refuses a notification without %s',
    async (header) => {
      const { provider } = setup(answer, notification.receivedAt);
      const headers = { ...notification.headers };
      delete headers[header];
      expect((await rejection(provider.verifyNotification(incoming({ headers })))).reason).toBe('signature');
    },
  );

  it('accepts up to 5 minutes of clock skew and refuses a stale or future timestamp', async () => {
    const signedAt = Date.parse('2025-01-01T08:31:06+08:00');
    await expect(
      setup(answer, new Date(signedAt + 300_000).toISOString()).provider.verifyNotification(incoming()),
    ).resolves.toMatchObject({ paid: true });
    const stale = await rejection(
      setup(answer, new Date(signedAt + 301_000).toISOString()).provider.verifyNotification(incoming()),
    );
    expect(stale.reason).toBe('signature');
    expect(stale.message).toMatch(/off the clock/);
    const early = await rejection(
      setup(answer, new Date(signedAt - 301_000).toISOString()).provider.verifyNotification(incoming()),
    );
    expect(early.reason).toBe('signature');
  });

  it('refuses a notification signed under another serial', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const headers = {
      ...notification.headers,
      'wechatpay-serial': 'PUB_KEY_ID_0119000001092025010100000000000002',
    };
    const err = await rejection(provider.verifyNotification(incoming({ headers })));
    expect(err.reason).toBe('signature');
    expect(err.message).toMatch(/serial/);
  });

  it('refuses a resource whose GCM tag does not match, even when the body is signed', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const flipLastTagByte = (body: string) => {
      const parsed = JSON.parse(body) as { resource: { ciphertext: string } };
      const bytes = Buffer.from(parsed.resource.ciphertext, 'base64');
      bytes[bytes.length - 1]! ^= 0x01;
      parsed.resource.ciphertext = bytes.toString('base64');
      return JSON.stringify(parsed);
    };
    const badTag = signedNotification(notification.decryptedResource, { mangle: flipLastTagByte });
    expect((await rejection(provider.verifyNotification(badTag))).reason).toBe('signature');
    const otherKey = signedNotification(notification.decryptedResource, {
      apiV3Key: 'AnotherApiV3Key0123456789abcdefg',
    });
    expect((await rejection(provider.verifyNotification(otherKey))).reason).toBe('signature');
  });

  it('refuses a genuine notification for another merchant or another app', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const otherMch = signedNotification({ ...notification.decryptedResource, mchid: '1900000110' });
    expect((await rejection(provider.verifyNotification(otherMch))).reason).toBe('merchant');
    const otherApp = signedNotification({ ...notification.decryptedResource, appid: 'wx0000000000000000' });
    expect((await rejection(provider.verifyNotification(otherApp))).reason).toBe('merchant');
  });

  it('reports a transaction that is not SUCCESS as unpaid', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const { success_time: _unused, ...closed } = notification.decryptedResource;
    const result = await provider.verifyNotification(
      signedNotification({ ...closed, trade_state: 'CLOSED' }),
    );
    expect(result).toMatchObject({ paid: false, orderNo: TEST_ORDER.orderNo, amountFen: 29800 });
    expect(result.paidAt).toEqual(new Date('2025-01-01T08:31:06+08:00'));
  });

  it('refuses a signed transaction without a usable amount as malformed', async () => {
    const { provider } = setup(answer, notification.receivedAt);
    const fractional = signedNotification({
      ...notification.decryptedResource,
      amount: { ...notification.decryptedResource.amount, total: 298.5 },
    });
    expect((await rejection(provider.verifyNotification(fractional))).reason).toBe('format');
    const notJson = signedNotification(notification.decryptedResource, { mangle: () => 'not json' });
    expect((await rejection(provider.verifyNotification(notJson))).reason).toBe('format');
  });

  it('answers WeChat with SUCCESS, or FAIL and an error status so it retries', () => {
    const { provider } = setup();
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"code":"SUCCESS","message":"成功"}',
    });
    expect(provider.acknowledge(false)).toEqual({
      status: 500,
      contentType: 'application/json',
      body: '{"code":"FAIL","message":"失败"}',
    });
  });
});

describe('WeChat Pay close order', () => {
  interface RecordedCloseRequest extends RecordedRequest {
    url: string;
  }
  const closeRequest = readFixture<RecordedCloseRequest>('wechat-close-order.request.json');
  const closed = readFixture<RecordedResponse>('wechat-close-order.response.json');
  const notExist = readFixture<RecordedResponse>('wechat-close-order.not-exist.json');
  const paid = readFixture<RecordedResponse>('wechat-close-order.paid.json');

  function closeSetup(reply: RecordedResponse | (() => Promise<Response>)) {
    const clock = new ManualClock(TEST_ORDER.closeAt);
    const sent: Sent[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        method: init?.method,
        headers: init?.headers as Record<string, string>,
        body: String(init?.body),
      });
      if (typeof reply === 'function') return reply();
      // A 204 answer cannot carry a body.
      return new Response(reply.status === 204 ? null : reply.body, {
        status: reply.status,
        headers: reply.headers,
      });
    }) as typeof fetch;
    const provider = new WechatPayProvider({
      ...TEST_WECHAT,
      privateKey: testKeys.wechatMerchantPrivate,
      platformPublicKey: testKeys.wechatPlatformPublic,
      fetch: fakeFetch,
      clock,
      nonce: () => closeRequest.nonce,
    });
    return { provider, sent };
  }

  it('posts {"mchid"} to the documented path, signed like the order request (test vector), and takes a signed 204 as closed', async () => {
    const { provider, sent } = closeSetup(closed);
    await expect(provider.closePayment(TEST_ORDER.orderNo)).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${TEST_ORDER.orderNo}/close`,
    );
    expect(sent[0]!.url).toBe(closeRequest.url);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toBe('{"mchid":"1900000109"}');
    expect(sent[0]!.body).toBe(closeRequest.body);
    expect(sent[0]!.headers.Authorization).toBe(closeRequest.authorization);
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(sent[0]!.headers.Accept).toBe('application/json');
    expectSignedBy(closeRequest.canonicalMessage, testKeys.wechatMerchantPublic, closeRequest.signature);
  });

  it('refuses a 204 that is unsigned or signed with another key', async () => {
    const unsigned = Object.fromEntries(
      Object.entries(closed.headers).filter(([k]) => !k.startsWith('wechatpay-')),
    );
    await channelError(
      closeSetup({ ...closed, headers: unsigned }).provider.closePayment(TEST_ORDER.orderNo),
    );
    const forged = { ...closed.headers, 'wechatpay-signature': answer.headers['wechatpay-signature']! };
    const err = await channelError(
      closeSetup({ ...closed, headers: forged }).provider.closePayment(TEST_ORDER.orderNo),
    );
    expect(err.tradePaid).toBe(false);
  });

  it('takes a signed ORDER_NOT_EXIST (never created at WeChat Pay) as nothing left to pay', async () => {
    await expect(closeSetup(notExist).provider.closePayment(TEST_ORDER.orderNo)).resolves.toBeUndefined();
    const unsigned = Object.fromEntries(
      Object.entries(notExist.headers).filter(([k]) => !k.startsWith('wechatpay-')),
    );
    await channelError(
      closeSetup({ ...notExist, headers: unsigned }).provider.closePayment(TEST_ORDER.orderNo),
    );
  });

  it('refuses to call an already-paid order closed', async () => {
    const err = await channelError(closeSetup(paid).provider.closePayment(TEST_ORDER.orderNo));
    expect(err.tradePaid).toBe(true);
    expect(err.detail).toContain('ORDERPAID');
  });

  it('turns a network failure or an unknown refusal into a channel error', async () => {
    const net = await channelError(
      closeSetup(() => Promise.reject(new TypeError('fetch failed'))).provider.closePayment(
        TEST_ORDER.orderNo,
      ),
    );
    expect(net.detail).toContain('fetch failed');
    expect(net.tradePaid).toBe(false);
    const refused = await channelError(
      closeSetup(() =>
        Promise.resolve(new Response(refusal.body, { status: refusal.status, headers: refusal.headers })),
      ).provider.closePayment(TEST_ORDER.orderNo),
    );
    expect(refused.tradePaid).toBe(false);
  });
});
