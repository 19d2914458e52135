import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config';
import { ManualClock } from '../../../lib/clock';
import type { PaymentProvider } from './payment-provider';
import { createPaymentProvider } from './create-payment-provider';
import { WechatPayProvider } from './wechat-pay.provider';
import { AlipayProvider } from './alipay.provider';
import { TEST_ORDER, TEST_WECHAT } from './fixtures/test-config';
import { readFixture } from './fixtures/load-test-keys';
import { TEST_ALIPAY_ENV, TEST_WECHAT_ENV, testPaymentInput } from './fixtures/test-channels';

const sandbox: PaymentProvider = {
  channel: 'sandbox',
  modes: { desk: 'native', phone: 'h5', wechat: 'jsapi', alipay: 'wap' },
  createPayment: () => Promise.resolve({ payUrl: 'http://localhost:3000/payment/sandbox-cashier' }),
  verifyNotification: () => Promise.reject(new Error('not used here')),
  acknowledge: (ok) => ({ status: 200, contentType: 'text/plain', body: ok ? 'ok' : 'no' }),
  closePayment: () => Promise.resolve(),
};

describe('createPaymentProvider', () => {
  it('returns the sandbox by default', () => {
    expect(createPaymentProvider(loadConfig({}), { sandbox })).toBe(sandbox);
    expect(createPaymentProvider(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }), { sandbox })).toBe(sandbox);
  });

  it('builds the WeChat Pay adapter from the configured key files', async () => {
    const answer = readFixture<{ status: number; headers: Record<string, string>; body: string }>(
      'wechat-native-order.response.json',
    );
    const provider = createPaymentProvider(loadConfig(TEST_WECHAT_ENV), {
      sandbox,
      clock: new ManualClock(TEST_ORDER.now),
      fetch: (() =>
        Promise.resolve(
          new Response(answer.body, { status: answer.status, headers: answer.headers }),
        )) as typeof fetch,
    });
    expect(provider).toBeInstanceOf(WechatPayProvider);
    expect(provider.channel).toBe('wechat');
    // The recorded answer verifies only with the platform key read from the configured file.
    await expect(
      provider.createPayment(testPaymentInput('wechat')),
    ).resolves.toEqual({
      qrContent: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    });
  });

  it('builds the Alipay adapter from bare base64 key files', async () => {
    const provider = createPaymentProvider(loadConfig(TEST_ALIPAY_ENV), {
      sandbox,
      clock: new ManualClock(TEST_ORDER.now),
    });
    expect(provider).toBeInstanceOf(AlipayProvider);
    expect(provider.channel).toBe('alipay');
    const { payUrl } = readFixture<{ payUrl: string }>('alipay-page-pay.json');
    await expect(
      provider.createPayment(testPaymentInput('alipay')),
    ).resolves.toEqual({
      payUrl,
    });
  });

  it('refuses missing keys at config parse, naming them', () => {
    try {
      loadConfig({ PAYMENT_PROVIDER: 'wechat', WECHAT_PAY_MCH_ID: TEST_WECHAT.mchId });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys.sort()).toEqual([
        'WECHAT_PAY_API_V3_KEY',
        'WECHAT_PAY_APP_ID',
        'WECHAT_PAY_MCH_SERIAL_NO',
        'WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH',
        'WECHAT_PAY_PLATFORM_SERIAL_NO',
        'WECHAT_PAY_PRIVATE_KEY_PATH',
      ]);
      expect((err as Error).message).toContain('required when PAYMENT_PROVIDER=wechat');
    }
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow(
      /ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_PATH, ALIPAY_PUBLIC_KEY_PATH/,
    );
  });

  it('names the key whose file cannot be read or is not an RSA key', () => {
    const missing = loadConfig({ ...TEST_ALIPAY_ENV, ALIPAY_PRIVATE_KEY_PATH: '/nonexistent/alipay-key.txt' });
    expect(() => createPaymentProvider(missing, { sandbox })).toThrow(/ALIPAY_PRIVATE_KEY_PATH/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pay-keys-'));
    const garbage = path.join(dir, 'platform.pem');
    writeFileSync(garbage, 'not a key');
    const bad = loadConfig({ ...TEST_WECHAT_ENV, WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH: garbage });
    expect(() => createPaymentProvider(bad, { sandbox })).toThrow(/WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH/);
  });
});
