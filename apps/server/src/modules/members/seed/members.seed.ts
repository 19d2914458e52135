import { and, asc, eq } from 'drizzle-orm';
import { memberPriceOf } from '@app/contracts';
import type { SeedModule } from '../../../db/seed/index';
import { courses } from '../../courses';
import { createCoursesRepository } from '../../courses/courses.repository';
import { users } from '../../users';
import { membersInvoices, membersOrders, membersPlans } from '../members.table';
import { newOrderNo } from '../members.service';

/**
 * The membership price list (real content, seeded always). The first plan is the standard one (SPEC §7: the first
 * item's id is the member id). Prices are fen.
 */
export const MEMBER_PLANS = [
  {
    slug: 'annual',
    name: '年度会员',
    description: '365天会员权益，畅学会员专享课程',
    price: 29_800,
    periodDays: 365,
    sort: 1,
  },
  {
    slug: 'biennial',
    name: '两年会员',
    description: '730天会员权益，比按年购买节省68元',
    price: 52_800,
    periodDays: 730,
    sort: 2,
  },
] as const;

export const membersSeed: SeedModule = {
  name: 'members-plans',
  async run(tx) {
    for (const p of MEMBER_PLANS) {
      await tx
        .insert(membersPlans)
        .values({ ...p, active: true })
        .onConflictDoUpdate({
          target: membersPlans.slug,
          set: {
            name: p.name,
            description: p.description,
            price: p.price,
            periodDays: p.periodDays,
            sort: p.sort,
          },
        });
    }
  },
};

const DAY_MS = 86_400_000;
/** A demo order number in the real format (China time of `at`, then digits), with a serial instead of randomness. */
const demoOrderNo = (at: Date, serial: number) =>
  newOrderNo(at).slice(0, 14) + String(serial).padStart(16, '0');

/**
 * Order history of the member demo account (13800138001): the paid annual membership it holds, with an invoice
 * request waiting for staff, and one bought course.
 */
export const membersDemoSeed: SeedModule = {
  name: 'members-demo-orders',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const [member] = await tx
      .select({ id: users.id, end: users.memberEndAt })
      .from(users)
      .where(eq(users.phone, '13800138001'));
    const [plan] = await tx.select().from(membersPlans).where(eq(membersPlans.slug, 'annual'));
    if (!member || !plan) return;
    const paidAt = new Date(now.getTime() - 3 * DAY_MS);
    const memberOrderNo = demoOrderNo(paidAt, 1);
    const [memberOrder] = await tx
      .insert(membersOrders)
      .values({
        orderNo: memberOrderNo,
        userId: member.id,
        productType: 'member',
        productId: plan.id,
        subject: plan.name,
        amount: plan.price,
        listPrice: plan.price,
        periodDays: plan.periodDays,
        state: 'paid',
        channel: 'sandbox',
        channelTradeNo: 'SBXDEMO0001',
        createdAt: new Date(paidAt.getTime() - 60_000),
        expiresAt: new Date(paidAt.getTime() + 29 * 60_000),
        paidAt,
        memberEndAt: member.end ?? new Date(paidAt.getTime() + plan.periodDays * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: membersOrders.id });
    if (memberOrder) {
      await tx.insert(membersInvoices).values({
        userId: member.id,
        orderId: memberOrder.id,
        titleType: 'personal',
        title: '王会员',
        email: 'member.demo@example.com',
        amount: plan.price,
        state: 'requested',
        requestedAt: new Date(paidAt.getTime() + 3_600_000),
      });
    }

    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.priceType, 'paid'), eq(courses.published, true)))
      .orderBy(asc(courses.id))
      .limit(1);
    if (!course) return;
    const coursePaidAt = new Date(now.getTime() - 2 * DAY_MS);
    const courseOrderNo = demoOrderNo(coursePaidAt, 2);
    const [courseOrder] = await tx
      .insert(membersOrders)
      .values({
        orderNo: courseOrderNo,
        userId: member.id,
        productType: 'course',
        productId: course.id,
        subject: course.title,
        amount: memberPriceOf(course.price),
        listPrice: course.price,
        state: 'paid',
        channel: 'sandbox',
        channelTradeNo: 'SBXDEMO0002',
        createdAt: new Date(coursePaidAt.getTime() - 60_000),
        expiresAt: new Date(coursePaidAt.getTime() + 29 * 60_000),
        paidAt: coursePaidAt,
      })
      .onConflictDoNothing()
      .returning({ id: membersOrders.id });
    if (courseOrder) {
      await createCoursesRepository(tx).grantCourse({
        userId: member.id,
        courseId: course.id,
        source: 'order',
        reference: courseOrderNo,
        now: coursePaidAt,
      });
    }
  },
};
