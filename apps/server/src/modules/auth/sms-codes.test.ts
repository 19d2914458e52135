import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, freshIp, freshPhone, outboxCodes, pastResendGap, sendCode } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeLogin = (phone: string, code: string) => call(t, 'POST', '/api/users/code_login', { body: { phone, code } });

describe('SMS codes', () => {
  it('are six digits, never in the send answer, and work exactly once', async () => {
    const phone = freshPhone();
    const send = await call(t, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'login' }, ip: freshIp() });
    expect(send.code).toBe(200);
    expect(send.data).toEqual({ expires_in: 300, resend_after: 60 });
    const [code] = await outboxCodes(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(send.raw).not.toContain(code);
    expect((await codeLogin(phone, code!)).code).toBe(200);
    const again = await codeLogin(phone, code!);
    expect(again.code).toBe(400);
    expect(again.message).toBe(authMessages.codeWrong);
  });

  it('expire after 5 minutes', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'login');
    t.clock.advance(5 * 60_000 + 1);
    expect((await codeLogin(phone, code)).code).toBe(400);

    const phone2 = freshPhone();
    const code2 = await sendCode(t, phone2, 'login');
    t.clock.advance(5 * 60_000 - 1000);
    expect((await codeLogin(phone2, code2)).code).toBe(200);
  });

  it('are refused for another phone or another purpose', async () => {
    const phone = freshPhone();
    const other = freshPhone();
    const code = await sendCode(t, phone, 'login');
    expect((await codeLogin(other, code)).code).toBe(400);
    const reg = await call(t, 'POST', '/api/users/register', { body: { phone, code, password: 'pass_1234' } });
    expect(reg.code).toBe(400);
    expect(reg.message).toBe(authMessages.codeWrong);
    // Those tries did not burn it for its own phone and purpose.
    expect((await codeLogin(phone, code)).code).toBe(200);
  });

  it('die after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await codeLogin(phone, wrong)).code).toBe(400);
    expect((await codeLogin(phone, code)).code).toBe(400);
  });

  it('still work after 4 wrong tries', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await codeLogin(phone, wrong)).code).toBe(400);
    expect((await codeLogin(phone, code)).code).toBe(200);
  });

  it('are replaced by a newer code for the same phone and purpose', async () => {
    const phone = freshPhone();
    const first = await sendCode(t, phone, 'login');
    pastResendGap(t);
    const second = await sendCode(t, phone, 'login');
    if (first !== second) expect((await codeLogin(phone, first)).code).toBe(400);
    expect((await codeLogin(phone, second)).code).toBe(200);
  });
});

describe('send limits', () => {
  const send = (phone: string, ip = freshIp(), purpose = 'login') =>
    call(t, 'POST', '/api/users/send_msg', { body: { phone, purpose }, ip });

  it('refuse a 2nd send within 60 s, and send nothing', async () => {
    const phone = freshPhone();
    expect((await send(phone)).code).toBe(200);
    const before = await outboxCodes(t, phone);
    t.clock.advance(59_000);
    const res = await send(phone, freshIp(), 'register');
    expect(res.code).toBe(429);
    expect(res.message).toBe(authMessages.smsResendTooSoon);
    expect(await outboxCodes(t, phone)).toEqual(before);
    t.clock.advance(2_000);
    expect((await send(phone)).code).toBe(200);
  });

  it('refuse the 6th send in an hour and the 11th in a day, sending nothing', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).code).toBe(200);
      pastResendGap(t);
    }
    const before = await outboxCodes(t, phone);
    const sixth = await send(phone);
    expect(sixth.code).toBe(429);
    expect(sixth.message).toBe(authMessages.smsHourlyLimit);
    expect(await outboxCodes(t, phone)).toEqual(before);

    t.clock.advance(60 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).code).toBe(200);
      pastResendGap(t);
    }
    t.clock.advance(60 * 60_000);
    const beforeDaily = await outboxCodes(t, phone);
    const eleventh = await send(phone);
    expect(eleventh.code).toBe(429);
    expect(eleventh.message).toBe(authMessages.smsDailyLimit);
    expect(await outboxCodes(t, phone)).toEqual(beforeDaily);

    t.clock.advance(24 * 60 * 60_000);
    expect((await send(phone)).code).toBe(200);
  });

  it('cap sends per IP address at 30 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await send(freshPhone(), ip)).code).toBe(200);
    const phone = freshPhone();
    const res = await send(phone, ip);
    expect(res.code).toBe(429);
    expect(res.message).toBe(authMessages.smsIpLimit);
    expect(await outboxCodes(t, phone)).toEqual([]);
    expect((await send(phone, freshIp())).code).toBe(200);
  });

  it('cap sends per IP address at the configured SMS_MAX_PER_IP_PER_HOUR', async () => {
    const small = await createTestApp({ env: { SMS_MAX_PER_IP_PER_HOUR: '2' } });
    try {
      const ip = freshIp();
      const sendOn = (phone: string) =>
        call(small, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'login' }, ip });
      expect((await sendOn(freshPhone())).code).toBe(200);
      expect((await sendOn(freshPhone())).code).toBe(200);
      const third = await sendOn(freshPhone());
      expect(third.code).toBe(429);
      expect(third.message).toBe(authMessages.smsIpLimit);
    } finally {
      await small.close();
    }
  });

  it('count concurrent sends to one phone once', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(phone)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(4);
    expect(await outboxCodes(t, phone)).toHaveLength(1);
  });
});

describe('purpose checks', () => {
  it('register refuses a registered phone, reset an unregistered one', async () => {
    const reg = await call(t, 'POST', '/api/users/send_msg', { body: { phone: '13800138000', purpose: 'register' }, ip: freshIp() });
    expect(reg.code).toBe(409);
    expect(reg.message).toBe('该手机号已注册');
    const phone = freshPhone();
    const reset = await call(t, 'POST', '/api/users/send_msg', { body: { phone, purpose: 'reset' }, ip: freshIp() });
    expect(reset.code).toBe(400);
    expect(reset.message).toBe(authMessages.phoneNotRegistered);
    expect(await outboxCodes(t, phone)).toEqual([]);
  });

  it('change_phone needs a login', async () => {
    const res = await call(t, 'POST', '/api/users/send_msg', { body: { phone: freshPhone(), purpose: 'change_phone' }, ip: freshIp() });
    expect(res.code).toBe(406);
  });

  it('refuses a bad phone or purpose with Chinese field errors', async () => {
    const res = await call<{ fieldErrors: Record<string, string> }>(t, 'POST', '/api/users/send_msg', {
      body: { phone: '12345', purpose: 'spam' },
    });
    expect(res.code).toBe(400);
    expect(res.data.fieldErrors.phone).toBe('手机号格式不正确');
    expect(res.data.fieldErrors.purpose).toBe(authMessages.purposeInvalid);
  });
});
