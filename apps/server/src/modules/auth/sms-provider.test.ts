import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountServices } from './account-services';
import { authSmsOutbox } from './auth.table';
import { call, freshIp, freshPhone } from './auth.test-support';

const quiet = { info() {}, warn() {}, error() {} };

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' } });
  });
  afterAll(() => t.close());

  it('has no SMS outbox route and keeps no code text, but still sends', async () => {
    const phone = freshPhone();
    const send = await call(t, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'login' }, ip: freshIp() });
    expect(send.code).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms_outbox?phone=${phone}` });
    expect(outbox.statusCode).toBe(404);
    expect(await t.db.select().from(authSmsOutbox)).toEqual([]);
  });

  it('hashes passwords at the OWASP minimum', () => {
    expect(t.config.passwordHash).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describe('SMS provider by config', () => {
  it('selects the Aliyun adapter when SMS_PROVIDER=aliyun and refuses it without its keys', () => {
    const env = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '财务管理协会',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    const config = loadConfig(env);
    const services = accountServices({ db: {} as never, clock: new ManualClock(), config }, quiet);
    expect(services.sms.name).toBe('aliyun');
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ARGON2_MEMORY_KIB: '1024' })).toThrow(/ARGON2_MEMORY_KIB/);
  });
});
