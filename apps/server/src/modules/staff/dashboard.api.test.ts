import { sql } from 'drizzle-orm';
import { staffMessages, type Dashboard } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  // 10:00 on 15 March 2031 in Beijing; the demo data has nothing in that month. The administrator registers today.
  t.clock.set('2031-03-15T10:00:00+08:00');
  admin = await createUser(t, { staff: true });
});
afterAll(() => t.close());

async function dashboard(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: user.headers });
  return res.json() as { code: number; message: string; data: Dashboard };
}

let orderSeq = 0;
async function paidOrder(userId: number, product: 'member' | 'course', amount: number, paidAt: string | null) {
  const no = `T2031${String(++orderSeq).padStart(8, '0')}`;
  await t.db.execute(sql`INSERT INTO members_orders (order_no, user_id, product_type, product_id, subject, amount, list_price,
      state, channel, created_at, expires_at, paid_at)
    VALUES (${no}, ${userId}, ${product}, 1, ${product === 'member' ? '年度会员' : '管理会计实务'}, ${amount}, ${amount},
      ${paidAt ? 'paid' : 'pending'}, 'sandbox', '2031-03-01T00:00:00Z', '2031-12-31T00:00:00Z', ${paidAt})`);
  return no;
}

describe('staff dashboard', () => {
  it('counts registrations, learners, hours, paid orders, revenue and first memberships by China-time day', async () => {
    const before = await dashboard(admin);
    expect(before.code).toBe(200);
    expect(before.data.today).toBe('2031-03-15');
    expect(before.data.month).toBe('2031-03');
    expect(before.data.registrations).toEqual({ today: 1, month: 1 });

    const a = await createUser(t);
    const b = await createUser(t);
    t.clock.set('2031-03-01T00:30:00+08:00'); // 16:30 UTC on 28 February: still 1 March in China
    await createUser(t);
    t.clock.set('2031-02-20T12:00:00+08:00');
    await createUser(t);
    t.clock.set('2031-03-15T10:00:00+08:00');

    await t.db.execute(sql`INSERT INTO learning_daily_seconds (user_id, day, seconds) VALUES
      (${a.id}, '2031-03-15', 3600), (${b.id}, '2031-03-15', 1800), (${a.id}, '2031-03-02', 600), (${b.id}, '2031-02-20', 100)`);
    // The learning-time buffer's flush: upsert adding to existing days.
    await t.db.execute(sql`INSERT INTO learning_daily_seconds (user_id, day, seconds) VALUES (${a.id}, '2031-03-15', 60)
      ON CONFLICT (user_id, day) DO UPDATE SET seconds = learning_daily_seconds.seconds + EXCLUDED.seconds`);

    await paidOrder(a.id, 'member', 36000, '2031-03-15T01:00:00Z'); // first membership of a: a conversion
    await paidOrder(a.id, 'member', 36000, '2031-03-15T01:30:00Z'); // renewal: no conversion
    await paidOrder(b.id, 'course', 9900, '2031-03-03T02:00:00Z');
    await paidOrder(b.id, 'course', 9900, '2031-03-14T17:00:00Z'); // 01:00 on 15 March in China
    const pending = await paidOrder(b.id, 'member', 19900, null);
    await paidOrder(b.id, 'course', 500, null); // never paid: not counted
    await t.db.execute(sql`UPDATE members_orders SET state = 'paid', paid_at = '2031-03-15T01:45:00Z' WHERE order_no = ${pending}`);

    const { data } = await dashboard(admin);
    expect(data.registrations).toEqual({ today: 3, month: 4 });
    expect(data.active_learners).toEqual({ today: 2, month: 2 });
    expect(data.learning_seconds).toEqual({ today: 5460, month: 6060 });
    expect(data.sales).toEqual({
      paid_orders: { today: 4, month: 5 },
      revenue: { today: 36000 + 36000 + 9900 + 19900, month: 36000 + 36000 + 9900 + 19900 + 9900 },
      member_conversions: { today: 2, month: 2 },
    });
    expect(data.series).toHaveLength(30);
    expect(data.series[0]!.day).toBe('2031-02-14');
    expect(data.series.at(-1)).toEqual({
      day: '2031-03-15',
      registrations: 3,
      active_learners: 2,
      learning_seconds: 5460,
      paid_orders: 4,
      revenue: 101800,
    });
    expect(data.series.find((d) => d.day === '2031-02-20')).toMatchObject({
      registrations: 1,
      active_learners: 1,
      learning_seconds: 100,
      paid_orders: 0,
    });
    expect(data.series.find((d) => d.day === '2031-03-01')).toMatchObject({ registrations: 1 });
  });

  it('counts open and past-due questions and the invoice queue', async () => {
    const before = (await dashboard(admin)).data;
    const asker = await createUser(t);
    const ask = (title: string, due: string) =>
      t.db.execute(sql`INSERT INTO qa_questions (user_id, title, category, body, is_public, is_member, status, asked_at, due_at, due_soon_at, updated_at)
        VALUES (${asker.id}, ${title}, '税务', '小规模纳税人季度销售额未超过30万元，是否需要申报增值税？', true, false, 'waiting',
                '2031-03-10T00:00:00Z', ${due}, ${due}, '2031-03-10T00:00:00Z')`);
    await ask('季度申报问题', '2031-03-14T00:00:00Z'); // past due
    await ask('研发费用加计扣除', '2031-03-20T00:00:00Z');
    const no = await paidOrder(asker.id, 'course', 9900, '2031-03-15T01:00:00Z');
    await t.db.execute(sql`INSERT INTO members_invoices (user_id, order_id, title_type, title, email, amount, state, requested_at)
      SELECT user_id, id, 'personal', '李华', 'lihua@example.com', amount, 'requested', '2031-03-15T02:00:00Z'
        FROM members_orders WHERE order_no = ${no}`);

    const after = (await dashboard(admin)).data;
    expect(after.qa).toEqual({ open: before.qa.open + 2, overdue: before.qa.overdue + 1 });
    expect(after.pending.invoices).toBe(before.pending.invoices + 1);
  });

  it('shows sales only to roles with 订单, and refuses roles without 数据概览', async () => {
    const finance = await createUser(t, { staff: ['finance'] });
    const editor = await createUser(t, { staff: ['editor'] });
    expect((await dashboard(finance)).data.sales).not.toBeNull();
    const forEditor = await dashboard(editor);
    expect(forEditor.code).toBe(200);
    expect(forEditor.data.sales).toBeNull();
    expect(forEditor.data.series.every((d) => d.paid_orders === null && d.revenue === null)).toBe(true);
    expect(forEditor.data.registrations.today).toBeGreaterThan(0);
    const expert = await createUser(t, { staff: ['expert'] });
    expect(await dashboard(expert)).toMatchObject({ code: 403, message: staffMessages.permissionDenied('dashboard') });
  });
});
