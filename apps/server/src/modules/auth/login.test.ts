import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../users/users.table';
import { call, freshIp, freshPhone, login, registerUser, sendCode } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password login', () => {
  it('logs the seeded demo accounts in and returns the current user', async () => {
    const res = await login(t, '13800138000', 'demo_1234');
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.user).toMatchObject({ phone: '13800138000', role: 'personal', is_member: false, is_staff: false });
    const member = await login(t, '13800138001', 'demo_1234');
    expect(member.data.user).toMatchObject({ is_member: true });
    const company = await login(t, '13800138002', 'demo_1234');
    expect(company.data.user).toMatchObject({ role: 'company' });
    const staff = await login(t, '13800138009', 'admin_1234');
    expect(staff.data.user).toMatchObject({ is_staff: true });
  });

  it('answers a wrong phone and a wrong password with the same message', async () => {
    const u = await registerUser(t);
    const wrongPassword = await login(t, u.phone, 'wrong_1234');
    const wrongPhone = await login(t, freshPhone(), u.password);
    expect(wrongPassword.code).toBe(400);
    expect(wrongPhone.code).toBe(400);
    expect(wrongPassword.message).toBe(authMessages.wrongCredentials);
    expect(wrongPhone.message).toBe(authMessages.wrongCredentials);
    expect(wrongPhone.raw).toBe(wrongPassword.raw);
  });

  it('locks the account after 10 failures in 15 minutes, even for the right password, until the lock ends', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 9; i++) {
      const res = await login(t, u.phone, 'wrong_1234');
      expect(res.message).toBe(authMessages.wrongCredentials);
      t.clock.advance(60_000);
    }
    const tenth = await login(t, u.phone, 'wrong_1234');
    expect(tenth.code).toBe(429);
    expect(tenth.message).toBe('密码错误次数过多，请15分钟后重试');
    const right = await login(t, u.phone, u.password);
    expect(right.code).toBe(429);
    t.clock.advance(10 * 60_000);
    const later = await login(t, u.phone, u.password);
    expect(later.code).toBe(429);
    expect(later.message).toBe('密码错误次数过多，请5分钟后重试');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await login(t, u.phone, u.password)).code).toBe(200);
  });

  it('does not lock when failures are spread beyond 15 minutes, and a success resets the count', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 9; i++) await login(t, u.phone, 'wrong_1234');
    expect((await login(t, u.phone, u.password)).code).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t, u.phone, 'wrong_1234')).code).toBe(400);
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 9; i++) expect((await login(t, u.phone, 'wrong_1234')).code).toBe(400);
    expect((await login(t, u.phone, u.password)).code).toBe(200);
  });

  it('counts concurrent wrong guesses against the limit (no more than 10 checks)', async () => {
    const u = await registerUser(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(t, u.phone, 'wrong_1234')));
    expect(answers.filter((a) => a.code === 400).length).toBeLessThanOrEqual(9);
    expect(answers.filter((a) => a.code === 429).length).toBeGreaterThanOrEqual(11);
    expect((await login(t, u.phone, u.password)).code).toBe(429);
  });

  it('limits failures per IP address (50 in 15 minutes)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) expect((await login(t, freshPhone(), 'wrong_1234', ip)).code).toBe(400);
    const blocked = await login(t, '13800138000', 'demo_1234', ip);
    expect(blocked.code).toBe(429);
    expect(blocked.message).toBe(authMessages.ipLoginLimited);
    expect((await login(t, '13800138000', 'demo_1234', freshIp())).code).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, '13800138000', 'demo_1234', ip)).code).toBe(200);
  });

  it('refuses a disabled account', async () => {
    const u = await registerUser(t);
    await t.db.update(users).set({ disabled: true }).where(eq(users.phone, u.phone));
    const res = await login(t, u.phone, u.password);
    expect(res.code).toBe(403);
    expect(res.message).toBe(authMessages.accountDisabled);
  });

  it('uses the client address, not X-Forwarded-For, without a trusted proxy', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/users/account_login',
        payload: { phone: freshPhone(), password: 'wrong_1234' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        remoteAddress: ip,
      });
    }
    expect((await login(t, '13800138000', 'demo_1234', ip)).code).toBe(429);
  });
});

describe('code login', () => {
  it('creates a personal account for an unregistered phone', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'login');
    const res = await call<{ token: string; user: { phone: string; role: string } }>(t, 'POST', '/api/users/code_login', {
      body: { phone, code },
    });
    expect(res.code).toBe(200);
    expect(res.data.user).toMatchObject({ phone, role: 'personal' });
    // It has no password yet: password login fails like any wrong password.
    expect((await login(t, phone, 'anything_1')).message).toBe(authMessages.wrongCredentials);
  });

  it('logs an existing account in', async () => {
    const u = await registerUser(t);
    const code = await sendCode(t, u.phone, 'login');
    const res = await call<{ user: { id: number } }>(t, 'POST', '/api/users/code_login', { body: { phone: u.phone, code } });
    expect(res.data.user.id).toBe(u.id);
  });
});
