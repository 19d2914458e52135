import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, freshPhone, registerUser, sendCode } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('register', () => {
  it('opens a personal account, logs it in and welcomes it', async () => {
    const u = await registerUser(t);
    const me = await call<{ role: string; message_num: number; star_id: number; total_learn_time: number }>(
      t,
      'POST',
      '/api/users/get_current_user',
      { token: u.token },
    );
    expect(me.data).toMatchObject({ role: 'personal', message_num: 1, star_id: 0, total_learn_time: 0, finish_course_num: 0 });
  });

  it('opens a company account with a valid credit code (any case)', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'register');
    const res = await call<{ token: string }>(t, 'POST', '/api/users/register', {
      body: { phone, code, password: 'pass_1234', role: 'company', company_name: '测试会计师事务所', credit_code: '91350100m000100y43' },
    });
    expect(res.code).toBe(200);
    const profile = await call(t, 'GET', '/api/users/profile', { token: res.data.token });
    expect(profile.data).toMatchObject({ role: 'company', company_name: '测试会计师事务所', credit_code: '91350100M000100Y43' });
  });

  it('refuses a company with a bad credit code or none, before using the code', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'register');
    const bad = await call<{ fieldErrors: Record<string, string> }>(t, 'POST', '/api/users/register', {
      body: { phone, code, password: 'pass_1234', role: 'company', company_name: '某公司', credit_code: '91350100M000100Y44' },
    });
    expect(bad.code).toBe(400);
    expect(bad.data.fieldErrors.credit_code).toBe(authMessages.creditCodeInvalid);
    const none = await call<{ fieldErrors: Record<string, string> }>(t, 'POST', '/api/users/register', {
      body: { phone, code, password: 'pass_1234', role: 'company' },
    });
    expect(none.data.fieldErrors).toMatchObject({
      company_name: authMessages.companyNameRequired,
      credit_code: authMessages.creditCodeRequired,
    });
    // The code is still good.
    const ok = await call(t, 'POST', '/api/users/register', { body: { phone, code, password: 'pass_1234' } });
    expect(ok.code).toBe(200);
  });

  it('refuses a registered phone and a weak password', async () => {
    const u = await registerUser(t);
    const dup = await call(t, 'POST', '/api/users/register', { body: { phone: u.phone, code: '123456', password: 'pass_1234' } });
    expect(dup.code).toBe(409);
    expect(dup.message).toBe('该手机号已注册');
    const weak = await call(t, 'POST', '/api/users/register', { body: { phone: freshPhone(), code: '123456', password: 'short' } });
    expect(weak.code).toBe(400);
    expect(weak.message).toBe('请输入8-16位由数字、字母、下划线组成的密码');
  });

  it('ignores is_staff and other fields it does not know', async () => {
    const u = await registerUser(t, { is_staff: true, is_member: true, member_end_at: '2099-01-01T00:00:00Z' });
    const me = await call(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data).toMatchObject({ is_staff: false, is_member: false, member_end_at: null });
  });
});

describe('OpenAPI', () => {
  it('documents every account endpoint with its SPEC path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    for (const p of [
      '/api/users/send_msg',
      '/api/users/register',
      '/api/users/account_login',
      '/api/users/code_login',
      '/api/users/forget_passwrod',
      '/api/users/change_phone',
      '/api/users/user_setting',
      '/api/users/get_current_user',
      '/api/users/logout',
      '/api/users/profile',
      '/api/users/avatar',
      '/api/users/change_password',
      '/api/messages',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });
});
