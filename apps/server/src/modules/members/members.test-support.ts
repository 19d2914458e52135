// Test helpers of the members area: accounts with live sessions, orders paid through the sandbox cashier,
// and notifications signed with the sandbox key.
import { eq } from 'drizzle-orm';
import type { Order } from '@app/contracts';
import type { TestApp } from '../../testing/test-app';
import { authRepository } from '../auth/auth.repository';
import { generateSessionToken, hashSessionToken } from '../auth/secrets';
import { usersRepository } from '../users/users.repository';
import { users } from '../users/users.table';
import { membersRepository } from './members.repository';
import { membersPaymentNotifications } from './members.table';
import { SandboxProvider } from './payment/sandbox.provider';

let seq = 0;

export interface TestUser {
  id: number;
  phone: string;
  headers: { token: string };
}

/** An account with a live session. `memberDays` makes it a member for that many more days. */
export async function createUser(
  t: TestApp,
  opts: { role?: 'personal' | 'company'; staff?: boolean; memberDays?: number } = {},
): Promise<TestUser> {
  const now = t.clock.now();
  const phone = `1360${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
  const id = await usersRepository.create(t.db, {
    phone,
    passwordHash: null,
    role: opts.role ?? 'personal',
    isStaff: opts.staff ?? false,
    companyName: opts.role === 'company' ? '测试财务咨询有限公司' : null,
    memberEndAt: opts.memberDays ? new Date(now.getTime() + opts.memberDays * 86_400_000) : null,
    now,
  });
  if (id === null) throw new Error(`phone ${phone} taken`);
  const token = generateSessionToken();
  await authRepository.insertSession(t.db, {
    userId: id,
    tokenHash: hashSessionToken(token),
    now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id, phone, headers: { token } };
}

/** A live session for an existing (e.g. seeded demo) account. */
export async function sessionFor(t: TestApp, phone: string): Promise<TestUser> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no account ${phone}`);
  const token = generateSessionToken();
  const now = t.clock.now();
  await authRepository.insertSession(t.db, { userId: u.id, tokenHash: hashSessionToken(token), now, expiresAt: new Date(now.getTime() + 86_400_000) });
  return { id: u.id, phone, headers: { token } };
}

/** A sandbox provider with the app's own key and clock: signs notifications exactly as the cashier does. */
export function sandboxOf(t: TestApp): SandboxProvider {
  return new SandboxProvider({ secret: () => membersRepository.secret(t.db, 'sandbox-notify'), clock: t.clock });
}

export async function memberEndOf(t: TestApp, userId: number): Promise<Date | null> {
  const [row] = await t.db.select({ end: users.memberEndAt }).from(users).where(eq(users.id, userId));
  return row?.end ?? null;
}

export async function notificationsOf(t: TestApp, orderNo: string) {
  return t.db.select().from(membersPaymentNotifications).where(eq(membersPaymentNotifications.orderNo, orderNo));
}

export async function createOrder(t: TestApp, user: TestUser, payload: object): Promise<Order> {
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload });
  if (res.statusCode !== 200) throw new Error(`create order: ${res.statusCode} ${res.body}`);
  return res.json().data as Order;
}

/** pay -> open the cashier URL -> confirm, as the browser and the sandbox wallet do; answers the paid order. */
export async function payThroughCashier(t: TestApp, user: TestUser, order: Order): Promise<Order> {
  const pay = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: user.headers });
  if (pay.statusCode !== 200) throw new Error(`pay: ${pay.statusCode} ${pay.body}`);
  const url = new URL(pay.json().data.pay_url as string);
  const body = { order_no: url.searchParams.get('order_no'), token: url.searchParams.get('token') };
  const confirm = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: body });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/orders/check_order',
    headers: user.headers,
    payload: { order_no: order.order_no },
  });
  return check.json().data as Order;
}
