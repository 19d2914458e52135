// Test helpers of the members area: orders paid through the sandbox cashier, and notifications signed with
// the sandbox key. Accounts with live sessions: src/testing/test-users.ts.
import { eq } from 'drizzle-orm';
import type { MemberPlan, Order } from '@app/contracts';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import { users } from '../users/users.table';
import { membersRepository } from './members.repository';
import { membersPaymentNotifications } from './members.table';
import { SandboxProvider } from './payment/sandbox.provider';

/** The seeded annual membership plan (the first one GET /api/members lists). */
export async function annualPlan(t: TestApp): Promise<MemberPlan> {
  return (await t.app.inject({ method: 'GET', url: '/api/members' })).json().data[0] as MemberPlan;
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
