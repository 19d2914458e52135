import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';

/** Helpers for the account API tests (not a test file itself). */
export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  raw: string;
  headers: Record<string, unknown>;
}

let ipCounter = 0;
/** A fresh client IP per test, so per-IP limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let phoneCounter = 0;
/** A phone number no seed or other test uses. */
export function freshPhone(): string {
  phoneCounter++;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.token ? { token: opts.token } : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  const body = res.json() as { code: number; message: string; data: T };
  // HTTP status equals the envelope code on errors, 200 on success.
  expect(res.statusCode).toBe(body.code);
  return { status: res.statusCode, code: body.code, message: body.message, data: body.data, raw: res.body, headers: res.headers };
}

/** Codes the dev outbox holds for a phone, newest first. */
export async function outboxCodes(t: TestApp, phone: string): Promise<string[]> {
  const res = await call<{ content: string; purpose: string }[]>(t, 'GET', `/api/dev/sms_outbox?phone=${phone}`);
  expect(res.code).toBe(200);
  return res.data.map((m) => /验证码(\d{6})/.exec(m.content)?.[1] ?? '');
}

/** Sends a code (expects success) and returns it from the outbox. Moves the clock past the resend gap first. */
export async function sendCode(t: TestApp, phone: string, purpose: string, opts: { ip?: string; token?: string } = {}) {
  t.clock.advance(61_000);
  const res = await call(t, 'POST', '/api/users/send_msg', { body: { phone, purpose }, ip: opts.ip ?? freshIp(), ...(opts.token ? { token: opts.token } : {}) });
  expect(res.code, res.message).toBe(200);
  expect(res.raw).not.toMatch(/\d{6}/);
  const [code] = await outboxCodes(t, phone);
  return code!;
}

/** Moves the clock past the 60 s resend gap. */
export function pastResendGap(t: TestApp) {
  t.clock.advance(61_000);
}

/** Registers a personal account through the API; returns its phone, password and token. */
export async function registerUser(t: TestApp, over: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const password = 'pass_1234';
  const code = await sendCode(t, phone, 'register');
  const res = await call<{ token: string; user: { id: number } }>(t, 'POST', '/api/users/register', {
    body: { phone, code, password, ...over },
  });
  expect(res.code, res.message).toBe(200);
  return { phone, password, token: res.data.token, id: res.data.user.id };
}

export async function login(t: TestApp, phone: string, password: string, ip = freshIp()) {
  return call<{ token: string; user: { id: number } }>(t, 'POST', '/api/users/account_login', { body: { phone, password }, ip });
}
