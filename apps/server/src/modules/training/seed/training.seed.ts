import { sql } from 'drizzle-orm';
import { SEAT_PRODUCT_ID, SEAT_TERM_DAYS } from '@app/contracts';
import { rowsOf } from '../../../db/sql';
import type { SeedModule } from '../../../db/seed/index';
import { chinaDay } from '../../../lib/china-time';
import { newOrderNo } from '../../members/members.service';
import { syncSeatEnds } from '../training-seats';
import { trainingPlans, trainingSeatTiers } from '../training.table';

const DAY_MS = 86_400_000;

/** The 学员卡 price list every installation starts with (fen per seat): staff change it in /admin/training/seat-tiers. */
export const SEAT_TIERS = [
  { minQuantity: 1, price: 36_000 },
  { minQuantity: 20, price: 30_000 },
  { minQuantity: 100, price: 26_000 },
];

/** Learning plans staff made, by course title fragments (the catalogue's free and members' courses). */
const PLANS = [
  {
    seedKey: 'new-staff',
    name: '新入职财务人员岗前培训',
    description: '会计基础、出纳实务与发票管理，帮助新员工一个月内独立上岗。',
    match: ['会计', '出纳', '发票'],
  },
  {
    seedKey: 'tax-update',
    name: '年度税收政策更新',
    description: '当年增值税、企业所得税和个人所得税的新政策与申报要点，适合全体财务人员。',
    match: ['税', '申报', '汇算'],
  },
];

/**
 * The price tiers and staff-made plans (base data), and the demo company's training (demo data): five of the demo
 * learners as its employees at different stages, ten seats of which four are handed out, two assigned courses (one
 * past its deadline), one invitation still open; so its dashboard is not empty on a fresh start.
 */
export const trainingSeed: SeedModule = {
  name: 'training',
  async run(tx, { clock }) {
    const now = clock.now();
    await tx
      .insert(trainingSeatTiers)
      .values(SEAT_TIERS.map((t) => ({ ...t, updatedAt: now })))
      .onConflictDoNothing();
    const courses = await rowsOf<{ id: number; title: string }>(
      tx,
      sql`SELECT id, title FROM courses WHERE published AND price_type IN ('free', 'member') ORDER BY id`,
    );
    for (const p of PLANS) {
      const ids = courses.filter((c) => p.match.some((w) => c.title.includes(w))).slice(0, 4).map((c) => c.id);
      if (ids.length === 0) continue;
      await tx
        .insert(trainingPlans)
        .values({ seedKey: p.seedKey, name: p.name, description: p.description, courseIds: ids, active: true, updatedAt: now })
        .onConflictDoNothing();
    }
  },
};

const EMPLOYEES = ['13900000001', '13900000002', '13900000003', '13900000004', '13900000005'];
const INVITED = '13900000006';
const COMPANY = '13800138002';

export const trainingDemoSeed: SeedModule = {
  name: 'training-demo',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const [company] = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM users WHERE phone = ${COMPANY} AND role = 'company'`);
    if (!company) return;
    if ((await rowsOf(tx, sql`SELECT 1 FROM training_employments WHERE company_id = ${company.id} LIMIT 1`)).length > 0) return;
    const people = await rowsOf<{ id: number; phone: string }>(
      tx,
      sql`SELECT id, phone FROM users WHERE phone = ANY(${`{${[...EMPLOYEES, INVITED].join(',')}}`}::text[]) AND role = 'personal'`,
    );
    const byPhone = new Map(people.map((p) => [p.phone, p.id]));
    const joined = new Date(now.getTime() - 40 * DAY_MS);
    const employments: { id: number; userId: number }[] = [];
    for (const [i, phone] of EMPLOYEES.entries()) {
      const userId = byPhone.get(phone);
      if (!userId) continue;
      const at = new Date(joined.getTime() + i * DAY_MS);
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO training_employments (company_id, user_id, state, invited_at, expires_at, responded_at)
            VALUES (${company.id}, ${userId}, 'active', ${at}, ${new Date(at.getTime() + 7 * DAY_MS)}, ${new Date(at.getTime() + DAY_MS / 2)})
            RETURNING id`,
      );
      employments.push({ id: row!.id, userId });
    }
    const invitedId = byPhone.get(INVITED);
    if (invitedId)
      await tx.execute(
        sql`INSERT INTO training_employments (company_id, user_id, state, invited_at, expires_at)
            VALUES (${company.id}, ${invitedId}, 'invited', ${new Date(now.getTime() - DAY_MS)}, ${new Date(now.getTime() + 6 * DAY_MS)})`,
      );

    // Ten seats bought a month ago (one paid order), four handed out.
    const paidAt = new Date(now.getTime() - 30 * DAY_MS);
    const [order] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO members_orders (order_no, user_id, product_type, product_id, quantity, subject, amount, list_price, period_days,
                                      state, channel, channel_trade_no, created_at, expires_at, paid_at)
          VALUES (${newOrderNo(paidAt)}, ${company.id}, 'seats', ${SEAT_PRODUCT_ID}, 10, ${`学员卡 10张（每张${SEAT_TERM_DAYS}天会员）`},
                  ${10 * SEAT_TIERS[0]!.price}, ${10 * SEAT_TIERS[0]!.price}, ${SEAT_TERM_DAYS}, 'paid', 'sandbox', ${`SANDBOX${paidAt.getTime()}`},
                  ${paidAt}, ${new Date(paidAt.getTime() + 30 * 60_000)}, ${paidAt})
          RETURNING id`,
    );
    const ends = new Date(paidAt.getTime() + SEAT_TERM_DAYS * DAY_MS);
    const seats = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO training_seats (company_id, order_id, starts_at, ends_at)
          SELECT ${company.id}, ${order!.id}, ${paidAt}, ${ends} FROM generate_series(1, 10) RETURNING id`,
    );
    await tx.execute(
      sql`INSERT INTO training_seat_events (seat_id, company_id, action, actor_id, at)
          SELECT id, ${company.id}, 'purchased', ${company.id}, ${paidAt} FROM training_seats WHERE order_id = ${order!.id}`,
    );
    for (const [i, e] of employments.slice(0, 4).entries()) {
      const at = new Date(paidAt.getTime() + (i + 1) * DAY_MS);
      await tx.execute(
        sql`UPDATE training_seats SET holder_employment_id = ${e.id}, holder_user_id = ${e.userId}, assigned_at = ${at} WHERE id = ${seats[i]!.id}`,
      );
      await tx.execute(
        sql`INSERT INTO training_seat_events (seat_id, company_id, action, employment_id, actor_id, at)
            VALUES (${seats[i]!.id}, ${company.id}, 'assigned', ${e.id}, ${company.id}, ${at})`,
      );
    }
    await syncSeatEnds(tx, employments.map((e) => e.userId));

    // Two assigned courses, so the dashboard shows every stage: the one the team has gone furthest in without all
    // finishing it, due in three weeks for everyone, and one none of them has finished, due five days ago for the
    // first three (overdue).
    const counts = await rowsOf<{ course_id: number; finished: number }>(
      tx,
      sql`SELECT c.id AS course_id, count(cp.finished_at)::int AS finished FROM courses c
            LEFT JOIN learning_course_progress cp ON cp.course_id = c.id AND cp.user_id = ANY(${`{${employments.map((e) => e.userId).join(',') || '0'}}`}::int[])
           WHERE c.published AND c.price_type IN ('free', 'member')
           GROUP BY c.id ORDER BY count(cp.finished_at) DESC, count(cp.user_id) DESC, c.id`,
    );
    const some = counts.find((c) => c.finished > 0 && c.finished < employments.length) ?? counts[0];
    const none = [...counts].reverse().find((c) => c.course_id !== some?.course_id);
    const picked = [some, none].filter((c): c is { course_id: number; finished: number } => c !== undefined);
    const due = [chinaDay(new Date(now.getTime() + 21 * DAY_MS)), chinaDay(new Date(now.getTime() - 5 * DAY_MS))];
    for (const [i, p] of picked.entries()) {
      const [t] = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO training_assignments (company_id, course_id, everyone, deadline, created_at)
            VALUES (${company.id}, ${p.course_id}, ${i === 0}, ${due[i]!}::date, ${new Date(now.getTime() - 20 * DAY_MS)}) RETURNING id`,
      );
      const to = i === 0 ? employments : employments.slice(0, 3);
      for (const e of to)
        await tx.execute(
          sql`INSERT INTO training_assignees (assignment_id, user_id, employment_id, reminded_7_at, reminded_1_at)
              VALUES (${t!.id}, ${e.userId}, ${e.id}, ${i === 1 ? now : null}, ${i === 1 ? now : null})`,
        );
    }
  },
};
