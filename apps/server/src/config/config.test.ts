import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME } from '@app/contracts';
import { ConfigError, loadConfig } from './config';
import { defaultWebDistDir } from '../paths';

describe('loadConfig', () => {
  it('applies the defaults, resolving DATA_DIR against the working directory', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '/srv/app/data',
      siteName: DEFAULT_SITE_NAME,
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: undefined,
      webDistDir: defaultWebDistDir,
    });
    expect(defaultWebDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });

  it('reads every key', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        DATA_DIR: '/var/lib/app',
        SITE_NAME: '河南学习基地',
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        WEB_DIST_DIR: 'web',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/app',
      dataDir: '/var/lib/app',
      siteName: '河南学习基地',
      nodeEnv: 'production',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      webDistDir: '/srv/app/web',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('rejects a bad PORT, naming the key', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('names every bad key at once and ignores unrelated variables', () => {
    try {
      loadConfig({ PORT: '-1', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', HOME: '/root' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
      expect((err as Error).message).toMatch(/^配置有误 \/ invalid configuration: /);
    }
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});

describe('demo seeding', () => {
  it('is on by default outside production, off in production, and SEED_DEMO overrides both', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

describe('payment', () => {
  it('defaults to the sandbox and a local public base URL on the configured port', () => {
    expect(loadConfig({})).toMatchObject({
      payment: { provider: 'sandbox' },
      publicBaseUrl: 'http://localhost:3000',
    });
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('takes PUBLIC_BASE_URL without its trailing slash and refuses a relative or query URL', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://edu.example.cn/' }).publicBaseUrl).toBe(
      'https://edu.example.cn',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://example.cn/henan' }).publicBaseUrl).toBe(
      'https://example.cn/henan',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'edu.example.cn' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://edu.example.cn/?a=1' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('uses the sandbox by default outside production, and makes a production site name its payment provider', () => {
    expect(loadConfig({}).payment.provider).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe(
      'sandbox',
    );
  });

  it('reads the WeChat Pay keys, resolving key paths against the working directory', () => {
    const c = loadConfig(
      {
        PAYMENT_PROVIDER: 'wechat',
        WECHAT_PAY_MCH_ID: '1900000109',
        WECHAT_PAY_APP_ID: 'wxd678efh567hg6787',
        WECHAT_PAY_API_V3_KEY: 'TestOnlyApiV3Key0123456789abcdef',
        WECHAT_PAY_MCH_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD2C5A8E3D',
        WECHAT_PAY_PRIVATE_KEY_PATH: 'keys/apiclient_key.pem',
        WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH: '/etc/pay/wechatpay_pub.pem',
        WECHAT_PAY_PLATFORM_SERIAL_NO: 'PUB_KEY_ID_0119000001092025010100000000000001',
      },
      '/srv/app',
    );
    expect(c.payment).toEqual({
      provider: 'wechat',
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      apiV3Key: 'TestOnlyApiV3Key0123456789abcdef',
      mchSerialNo: '3775B6A45ACD588826D15E583A95F5DD2C5A8E3D',
      privateKeyPath: '/srv/app/keys/apiclient_key.pem',
      platformPublicKeyPath: '/etc/pay/wechatpay_pub.pem',
      platformSerialNo: 'PUB_KEY_ID_0119000001092025010100000000000001',
    });
  });

  it('reads the Alipay keys with the production gateway by default', () => {
    const env = {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021004100000001',
      ALIPAY_PRIVATE_KEY_PATH: '/etc/pay/app_private.txt',
      ALIPAY_PUBLIC_KEY_PATH: '/etc/pay/alipay_public.txt',
    };
    expect(loadConfig(env).payment).toEqual({
      provider: 'alipay',
      appId: '2021004100000001',
      privateKeyPath: '/etc/pay/app_private.txt',
      alipayPublicKeyPath: '/etc/pay/alipay_public.txt',
      gateway: 'https://openapi.alipay.com/gateway.do',
    });
    const sandboxGateway = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';
    expect(loadConfig({ ...env, ALIPAY_GATEWAY: sandboxGateway }).payment).toMatchObject({
      gateway: sandboxGateway,
    });
    expect(() => loadConfig({ ...env, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toThrow(
      /ALIPAY_GATEWAY/,
    );
  });

  it('refuses an unknown provider and missing keys of the selected one, naming them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    try {
      loadConfig({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021004100000001' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys.sort()).toEqual(['ALIPAY_PRIVATE_KEY_PATH', 'ALIPAY_PUBLIC_KEY_PATH']);
    }
    // Keys of a provider that is not selected are not required.
    expect(loadConfig({ WECHAT_PAY_MCH_ID: '1900000109' }).payment).toEqual({ provider: 'sandbox' });
  });

  it('refuses an APIv3 key that is not 32 bytes without echoing it', () => {
    try {
      loadConfig({ WECHAT_PAY_API_V3_KEY: 'short-secret-value' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).keys).toEqual(['WECHAT_PAY_API_V3_KEY']);
      expect((err as Error).message).toContain('must be exactly 32 bytes');
      expect((err as Error).message).not.toContain('short-secret-value');
    }
  });
});

describe('operations', () => {
  it('reads pool, slow-client, instance and metrics settings, with loopback-only metrics by default', () => {
    expect(loadConfig({})).toMatchObject({
      dbPool: { max: 10, connectTimeoutMs: 1500, waitMs: 10_000 },
      http: { headersTimeoutMs: 15_000, requestTimeoutMs: 120_000 },
      instanceName: undefined,
      metrics: { allow: ['127.0.0.1', '::1'], token: undefined },
    });
    const c = loadConfig({
      DB_POOL_MAX: '20',
      DB_CONNECT_TIMEOUT_MS: '1000',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      INSTANCE_NAME: 'web-1',
      METRICS_ALLOW: '10.0.0.0/8, 127.0.0.1',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(c).toMatchObject({
      dbPool: { max: 20, connectTimeoutMs: 1000, waitMs: 10_000 },
      http: { headersTimeoutMs: 5000, requestTimeoutMs: 60000 },
      instanceName: 'web-1',
      metrics: { allow: ['10.0.0.0/8', '127.0.0.1'], token: 'a-long-enough-metrics-token' },
    });
  });

  it('refuses a header timeout above the request timeout, a bad instance name and a short metrics token', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '9000', HTTP_REQUEST_TIMEOUT_MS: '8000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ INSTANCE_NAME: 'a b' })).toThrow(/INSTANCE_NAME/);
    try {
      loadConfig({ METRICS_TOKEN: 'short' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('METRICS_TOKEN');
      expect((err as Error).message).not.toContain('short"');
    }
  });
});

describe('WeChat official account', () => {
  it('is off by default, and reads the real mode with its AppID and AppSecret', () => {
    expect(loadConfig({}).wechat).toEqual({ mode: 'off' });
    expect(
      loadConfig({
        WECHAT_OA_MODE: 'wechat',
        WECHAT_OA_APP_ID: 'wx1234567890abcdef',
        WECHAT_OA_APP_SECRET: '0123456789abcdef0123456789abcdef',
        WECHAT_OA_USERINFO: 'false',
      }).wechat,
    ).toEqual({
      mode: 'wechat',
      appId: 'wx1234567890abcdef',
      appSecret: '0123456789abcdef0123456789abcdef',
      userInfo: false,
      apiBaseUrl: 'https://api.weixin.qq.com',
    });
  });

  it('names the missing keys of the real mode, never echoes the AppSecret, and refuses the stand-in in production', () => {
    try {
      loadConfig({ WECHAT_OA_MODE: 'wechat' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).keys.sort()).toEqual(['WECHAT_OA_APP_ID', 'WECHAT_OA_APP_SECRET']);
    }
    try {
      loadConfig({ WECHAT_OA_MODE: 'wechat', WECHAT_OA_APP_ID: 'wx1234567890abcdef', WECHAT_OA_APP_SECRET: 'short-secret' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).keys).toEqual(['WECHAT_OA_APP_SECRET']);
      expect((err as Error).message).not.toContain('short-secret');
    }
    expect(loadConfig({ WECHAT_OA_MODE: 'sandbox' }).wechat).toMatchObject({ mode: 'sandbox' });
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', WECHAT_OA_MODE: 'sandbox' })).toThrow(
      /WECHAT_OA_MODE/,
    );
  });
});
