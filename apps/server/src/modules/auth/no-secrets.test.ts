import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, freshPhone, outboxCodes, type Answer } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('no response carries a password hash, a code, or a token other than the one just issued', async () => {
  const phone = freshPhone();
  const password = 'pass_1234';
  const answers: { res: Answer<unknown>; issued?: string }[] = [];
  const issuedTokens: string[] = [];
  const codes: string[] = [];
  const record = <T>(res: Answer<T>) => {
    const issued = (res.data as { token?: string } | null)?.token;
    if (issued) issuedTokens.push(issued);
    answers.push({ res, ...(issued ? { issued } : {}) });
    return res;
  };
  const code = async (p: string, purpose: string, token?: string) => {
    record(await call(t, 'POST', '/api/users/send_msg', { body: { phone: p, purpose }, ...(token ? { token } : {}) }));
    const [c] = await outboxCodes(t, p);
    codes.push(c!);
    t.clock.advance(61_000);
    return c!;
  };

  record(await call(t, 'POST', '/api/users/register', { body: { phone, code: await code(phone, 'register'), password } }));
  record(await call(t, 'POST', '/api/users/account_login', { body: { phone, password } }));
  record(await call(t, 'POST', '/api/users/code_login', { body: { phone, code: await code(phone, 'login') } }));
  const token = issuedTokens.at(-1)!;
  for (const url of ['/api/users/get_current_user']) record(await call(t, 'POST', url, { token }));
  record(await call(t, 'GET', '/api/users/profile', { token }));
  record(await call(t, 'POST', '/api/users/user_setting', { token, body: { nickname: 'n' } }));
  record(await call(t, 'GET', '/api/messages', { token }));
  const newPhone = freshPhone();
  record(
    await call(t, 'POST', '/api/users/change_phone', {
      token,
      body: { new_phone: newPhone, new_code: await code(newPhone, 'change_phone', token), password },
    }),
  );
  record(await call(t, 'POST', '/api/users/forget_passwrod', { body: { phone: newPhone, code: await code(newPhone, 'reset'), password: 'pass_5678' } }));
  record(await call(t, 'POST', '/api/users/account_login', { body: { phone: newPhone, password: 'wrong_0000' } }));

  expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
  for (const { res, issued } of answers) {
    expect(res.raw).not.toMatch(/argon2|password_hash|passwordHash|code_hash|token_hash/i);
    for (const c of codes) expect(res.raw).not.toContain(c);
    for (const tok of issuedTokens) if (tok !== issued) expect(res.raw).not.toContain(tok);
  }
});
