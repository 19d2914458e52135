import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../users/users.table';
import { authSessions } from './auth.table';
import { call, login, registerUser, sendCode } from './auth.test-support';
import { hashSessionToken } from './secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => call<{ id: number; message_num: number }>(t, 'POST', '/api/users/get_current_user', { token });

function expectNotLoggedIn(res: { status: number; code: number; message: string }) {
  expect(res.status).toBe(406);
  expect(res.code).toBe(406);
  expect(res.message).toBe('未登录');
}

describe('sessions', () => {
  it('answer 406 未登录 without a token or with an unknown one', async () => {
    expectNotLoggedIn(await call(t, 'POST', '/api/users/get_current_user'));
    expectNotLoggedIn(await me('x'.repeat(43)));
    expectNotLoggedIn(await me('x'.repeat(500)));
  });

  it('checked at the same moment, each token finds its own account, and an ended or unknown one none', async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => registerUser(t)));
    const ended = await registerUser(t);
    await call(t, 'POST', '/api/users/logout', { token: ended.token });
    const results = await Promise.all([
      ...accounts.map((u) => me(u.token)),
      me(ended.token),
      me('y'.repeat(43)),
      ...accounts.map((u) => me(u.token)),
    ]);
    const ids = accounts.map((u) => u.id);
    expect(results.map((r) => (r.code === 200 ? r.data.id : r.code))).toEqual([...ids, 406, 406, ...ids]);
  });

  it('store only the SHA-256 of the token', async () => {
    const u = await registerUser(t);
    const rows = await t.db.select().from(authSessions).where(eq(authSessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashSessionToken(u.token));
    expect(JSON.stringify(rows)).not.toContain(u.token);
  });

  it('end on logout', async () => {
    const u = await registerUser(t);
    expect((await me(u.token)).code).toBe(200);
    expect((await call(t, 'POST', '/api/users/logout', { token: u.token })).code).toBe(200);
    expectNotLoggedIn(await me(u.token));
    expectNotLoggedIn(await call(t, 'POST', '/api/users/logout', { token: u.token }));
  });

  it('one per account: a second login ends the first and tells the user', async () => {
    const u = await registerUser(t);
    const second = await login(t, u.phone, u.password);
    expect(second.code).toBe(200);
    expectNotLoggedIn(await me(u.token));
    const now = await me(second.data.token);
    expect(now.code).toBe(200);
    const msgs = await call<{ list: { title: string }[] }>(t, 'GET', '/api/messages', { token: second.data.token });
    expect(msgs.data.list.map((m) => m.title)).toContain('账号在其他设备登录');
    // A code login ends the password session too.
    const code = await sendCode(t, u.phone, 'login');
    const third = await call<{ token: string }>(t, 'POST', '/api/users/code_login', { body: { phone: u.phone, code } });
    expectNotLoggedIn(await me(second.data.token));
    expect((await me(third.data.token)).code).toBe(200);
  });

  it('slide: used within 7 days they live on, idle for 7 days they die', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(6 * 24 * 3_600_000);
      expect((await me(u.token)).code).toBe(200);
    }
    t.clock.advance(7 * 24 * 3_600_000 + 1000);
    expectNotLoggedIn(await me(u.token));
  });

  it('write the expiry at most once per 5 minutes', async () => {
    const u = await registerUser(t);
    const expiry = async () => (await t.db.select().from(authSessions).where(eq(authSessions.userId, u.id)))[0]!.expiresAt.getTime();
    const first = await expiry();
    t.clock.advance(60_000);
    await me(u.token);
    expect(await expiry()).toBe(first);
    t.clock.advance(5 * 60_000);
    await me(u.token);
    expect(await expiry()).toBe(first + 6 * 60_000);
  });

  it('stop working at once when the account is disabled', async () => {
    const u = await registerUser(t);
    expect((await me(u.token)).code).toBe(200);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    expectNotLoggedIn(await me(u.token));
  });

  it('all end when the password is reset', async () => {
    const u = await registerUser(t);
    const code = await sendCode(t, u.phone, 'reset');
    const res = await call(t, 'POST', '/api/users/forget_passwrod', { body: { phone: u.phone, code, password: 'newpass_99' } });
    expect(res.code).toBe(200);
    expect(res.data).toBeNull();
    expectNotLoggedIn(await me(u.token));
    expect((await login(t, u.phone, u.password)).code).toBe(400);
    expect((await login(t, u.phone, 'newpass_99')).code).toBe(200);
  });

  it('the reset clears a login lock', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 10; i++) await login(t, u.phone, 'wrong_1234');
    expect((await login(t, u.phone, u.password)).code).toBe(429);
    const code = await sendCode(t, u.phone, 'reset');
    await call(t, 'POST', '/api/users/forget_passwrod', { body: { phone: u.phone, code, password: 'newpass_99' } });
    expect((await login(t, u.phone, 'newpass_99')).code).toBe(200);
  });
});
