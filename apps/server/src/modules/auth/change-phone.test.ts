import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, freshPhone, login, registerUser, sendCode } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changePhone = (token: string, body: object) => call<{ phone: string }>(t, 'POST', '/api/users/change_phone', { body, token });

describe('change phone', () => {
  it('with the current password and a code sent to the new phone', async () => {
    const u = await registerUser(t);
    const newPhone = freshPhone();
    const newCode = await sendCode(t, newPhone, 'change_phone', { token: u.token });
    const res = await changePhone(u.token, { new_phone: newPhone, new_code: newCode, password: u.password });
    expect(res.code).toBe(200);
    expect(res.data.phone).toBe(newPhone);
    expect((await login(t, newPhone, u.password)).code).toBe(200);
    expect((await login(t, u.phone, u.password)).code).toBe(400);
  });

  it('with a code sent to the old phone instead of the password', async () => {
    const u = await registerUser(t);
    const oldCode = await sendCode(t, u.phone, 'change_phone', { token: u.token });
    const newPhone = freshPhone();
    const newCode = await sendCode(t, newPhone, 'change_phone', { token: u.token });
    const res = await changePhone(u.token, { new_phone: newPhone, new_code: newCode, old_code: oldCode });
    expect(res.code).toBe(200);
    const me = await call<{ phone: string; message_num: number }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.phone).toBe(newPhone);
    expect(me.data.message_num).toBe(2);
  });

  it('refuses a wrong password, a missing proof and a wrong new code', async () => {
    const u = await registerUser(t);
    const newPhone = freshPhone();
    const newCode = await sendCode(t, newPhone, 'change_phone', { token: u.token });
    const wrongPw = await changePhone(u.token, { new_phone: newPhone, new_code: newCode, password: 'wrong_1234' });
    expect(wrongPw.code).toBe(400);
    expect(wrongPw.message).toBe(authMessages.oldPasswordWrong);
    const noProof = await changePhone(u.token, { new_phone: newPhone, new_code: newCode });
    expect(noProof.code).toBe(400);
    expect(noProof.message).toBe(authMessages.phoneChangeProofRequired);
    const wrongCode = await changePhone(u.token, {
      new_phone: newPhone,
      new_code: newCode === '000000' ? '111111' : '000000',
      password: u.password,
    });
    expect(wrongCode.code).toBe(400);
    expect(wrongCode.message).toBe(authMessages.codeWrong);
  });

  it('refuses a phone that is already registered (sending and changing)', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const send = await call(t, 'POST', '/api/users/send_msg', {
      body: { phone: other.phone, purpose: 'change_phone' },
      token: u.token,
      ip: '10.250.0.1',
    });
    expect(send.code).toBe(409);
    expect(send.message).toBe('该手机号已注册');
    const res = await changePhone(u.token, { new_phone: other.phone, new_code: '123456', password: u.password });
    expect(res.code).toBe(409);
    expect(res.message).toBe('该手机号已注册');
    const same = await changePhone(u.token, { new_phone: u.phone, new_code: '123456', password: u.password });
    expect(same.message).toBe(authMessages.phoneChangeSamePhone);
  });

  it('needs a login', async () => {
    const res = await changePhone('', { new_phone: freshPhone(), new_code: '123456', password: 'pass_1234' });
    expect(res.code).toBe(406);
  });
});
