import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEAT_PRODUCT_ID,
  creditCodeCheckChar,
  trainingMessages as m,
  type EmployeeDetail,
  type EmployeePage,
  type Invitation,
  type MyCompany,
  type Order,
  type Seats,
  type TrainingOverview,
} from '@app/contracts';
import { rowsOf } from '../../db/sql';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { authSmsOutbox } from '../auth/auth.table';
import { smsNotices } from '../auth';
import { courseBySlug } from '../courses/course-test-helpers';
import { createCreditLedger } from '../credits';
import { learningCourseProgress } from '../learning/learning.table';
import { createMessagesService } from '../messages';
import { messages } from '../messages/messages.table';
import { createOrder, memberEndOf, notificationsOf, payThroughCashier, sandboxOf } from '../members/members.test-support';
import { verifiedCompany } from '../recruiting/recruiting.test-support';
import { api } from '../talent/talent.test-support';
import { createAssignments } from './training-assignments';

const quiet = { info() {}, warn() {}, error() {} };
const DAY_MS = 86_400_000;
const TAX_NO = `91310000MA1FL8XX3${creditCodeCheckChar('91310000MA1FL8XX3')}`;

let t: TestApp;
let staff: TestUser;
let company: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00+08:00');
  staff = await createUser(t, { staff: true, nickname: '平台管理员' });
  company = await verifiedCompany(t, staff, '华东精密制造股份有限公司');
  other = await verifiedCompany(t, staff, '江南商贸集团有限公司');
});
afterAll(() => t.close());

async function invite(c: TestUser, person: TestUser) {
  return api<Invitation>(t, 'POST', '/api/company_training/invitations', c, { phone: person.phone });
}

/** A personal account that accepted `c`'s invitation; answers it with its employment id. */
async function employee(c: TestUser, nickname: string): Promise<TestUser & { employment: number }> {
  const person = await createUser(t, { nickname });
  const inv = await invite(c, person);
  expect(inv.code, JSON.stringify(inv)).toBe(200);
  expect((await api(t, 'POST', `/api/my_company/invitations/${inv.data.id}/accept`, person)).code).toBe(200);
  return { ...person, employment: inv.data.id };
}

async function buySeats(c: TestUser, quantity: number): Promise<Order> {
  const order = await createOrder(t, c, { product_type: 'seats', product_id: SEAT_PRODUCT_ID, quantity });
  return payThroughCashier(t, c, order);
}

describe('invitations', () => {
  it('an accepted invitation makes the person an employee the company reads; a declined one does not', async () => {
    const wang = await createUser(t, { nickname: '王会计' });
    const inv = await invite(company, wang);
    expect(inv).toMatchObject({ code: 200, message: m.invited, data: { state: 'invited', name: '' } });
    // The person hears of it in their message centre and by SMS.
    const sms = await t.db.select().from(authSmsOutbox).where(eq(authSmsOutbox.phone, wang.phone));
    expect(sms.map((s) => s.purpose)).toEqual(['training_invitation']);
    expect(sms[0]!.content).toContain('华东精密制造股份有限公司邀请您加入单位培训');
    const mine = await api<MyCompany>(t, 'GET', '/api/my_company', wang);
    expect(mine.data.invitations).toEqual([expect.objectContaining({ id: inv.data.id, company_name: '华东精密制造股份有限公司' })]);
    // Nothing of the person shows to the company before they accept.
    const before = await api<EmployeePage>(t, 'GET', '/api/company_training/employees', company);
    expect(before.data.list.map((e) => e.id)).not.toContain(inv.data.id);
    expect((await api(t, 'GET', `/api/company_training/employees/${inv.data.id}`, company)).code).toBe(404);

    const accepted = await api<MyCompany>(t, 'POST', `/api/my_company/invitations/${inv.data.id}/accept`, wang);
    expect(accepted).toMatchObject({ code: 200, data: { employment: { id: inv.data.id, company_name: '华东精密制造股份有限公司' }, invitations: [] } });
    const after = await api<EmployeePage>(t, 'GET', '/api/company_training/employees', company);
    const row = after.data.list.find((e) => e.id === inv.data.id)!;
    expect(row).toMatchObject({ name: '王会计', seat: null, assigned: { total: 0, done: 0, overdue: 0 } });
    expect(row.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Only the allowed fields: no portrait, applications or messages.
    expect(Object.keys(row).sort()).toEqual(['assigned', 'credits', 'id', 'joined_at', 'name', 'phone', 'seat']);

    const li = await createUser(t, { nickname: '李出纳' });
    const inv2 = await invite(company, li);
    const declined = await api<MyCompany>(t, 'POST', `/api/my_company/invitations/${inv2.data.id}/decline`, li);
    expect(declined).toMatchObject({ code: 200, data: { employment: null, invitations: [] } });
    expect((await api(t, 'POST', `/api/my_company/invitations/${inv2.data.id}/accept`, li)).code).toBe(409);
    const list = await api<Invitation[]>(t, 'GET', '/api/company_training/invitations', company);
    expect(list.data.find((i) => i.id === inv2.data.id)).toMatchObject({ state: 'declined', name: '' });
  });

  it('an invitation not answered within seven days expires and can no longer be accepted', async () => {
    const zhao = await createUser(t, { nickname: '赵审计' });
    const inv = await invite(company, zhao);
    t.clock.advance(8 * DAY_MS);
    try {
      const res = await api(t, 'POST', `/api/my_company/invitations/${inv.data.id}/accept`, zhao);
      expect(res).toMatchObject({ code: 409, message: m.invitationExpired });
      const list = await api<Invitation[]>(t, 'GET', '/api/company_training/invitations', company);
      expect(list.data.find((i) => i.id === inv.data.id)?.state).toBe('expired');
      // The company may invite again.
      expect((await invite(company, zhao)).code).toBe(200);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  it('refuses an employee of one company joining a second, until they leave the first', async () => {
    const sun = await employee(company, '孙税务');
    const inv = await invite(other, sun);
    expect(inv.code).toBe(200);
    expect(await api(t, 'POST', `/api/my_company/invitations/${inv.data.id}/accept`, sun)).toMatchObject({ code: 409, message: m.employedElsewhere });
    expect((await api(t, 'POST', '/api/my_company/leave', sun)).code).toBe(200);
    expect((await api(t, 'POST', `/api/my_company/invitations/${inv.data.id}/accept`, sun)).code).toBe(200);
    expect((await api(t, 'GET', `/api/company_training/employees/${sun.employment}`, company)).code).toBe(404);
  });

  it('refuses bad phones, unregistered people, company accounts and an unverified company', async () => {
    expect((await api(t, 'POST', '/api/company_training/invitations', company, { phone: '12345' })).code).toBe(400);
    const unknown = await api<{ fieldErrors?: Record<string, string> }>(t, 'POST', '/api/company_training/invitations', company, { phone: '13911112222' });
    expect(unknown).toMatchObject({ code: 400, message: m.phoneNotRegistered });
    expect((await api(t, 'POST', '/api/company_training/invitations', company, { phone: other.phone })).message).toBe(m.phoneIsCompany);
    const fresh = await createUser(t, { role: 'company' });
    const person = await createUser(t);
    expect(await invite(fresh, person)).toMatchObject({ code: 403, message: m.companyNotVerified });
  });
});

describe('what a company may read', () => {
  it('another company and a personal account walking employee ids get 404 and 403', async () => {
    const e = await employee(company, '周会计');
    expect((await api(t, 'GET', `/api/company_training/employees/${e.employment}`, company)).code).toBe(200);
    expect((await api(t, 'GET', `/api/company_training/employees/${e.employment}`, other)).code).toBe(404);
    expect((await api(t, 'DELETE', `/api/company_training/employees/${e.employment}`, other)).code).toBe(404);
    // Walking every id of the first company's people (employees and invitations alike) finds nothing.
    const ids = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM training_employments WHERE company_id = ${company.id}`);
    expect(ids.length).toBeGreaterThan(1);
    for (const { id } of ids) {
      expect((await api(t, 'GET', `/api/company_training/employees/${id}`, other)).code).toBe(404);
    }
    expect((await api(t, 'GET', `/api/company_training/employees/${e.employment}`, e)).code).toBe(403);
    expect((await api(t, 'GET', '/api/company_training/overview', e)).code).toBe(403);
    expect((await api(t, 'GET', '/api/my_company', company)).code).toBe(403);
  });
});

describe('seats', () => {
  it('25 seats cost the 20-seat tier price, paid once through the sandbox with one invoice, and become 25 free seats', async () => {
    const tiers = (await api<Seats>(t, 'GET', '/api/company_training/seats', company)).data.tiers;
    const tier = tiers.filter((x) => x.min_quantity <= 25).at(-1)!;
    expect(tier.min_quantity).toBe(20);
    const order = await createOrder(t, company, { product_type: 'seats', product_id: SEAT_PRODUCT_ID, quantity: 25 });
    expect(order).toMatchObject({ product_type: 'seats', quantity: 25, amount: tier.price * 25, state: 'pending' });
    expect(order.list_price).toBe(tiers[0]!.price * 25);
    const paid = await payThroughCashier(t, company, order);
    expect(paid.state).toBe('paid');
    // A second notification for the same payment, correctly signed, changes nothing: still 25 seats.
    const replay = await sandboxOf(t).sign(
      JSON.stringify({
        mchid: 'sandbox-merchant',
        out_trade_no: order.order_no,
        transaction_id: 'SBXREPLAY25',
        trade_state: 'SUCCESS',
        success_time: t.clock.now().toISOString(),
        amount: { total: order.amount, currency: 'CNY' },
      }),
    );
    const again25 = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: replay.headers as Record<string, string>, payload: replay.rawBody });
    expect(again25.statusCode).toBe(200);
    expect((await notificationsOf(t, order.order_no)).map((n) => n.outcome).sort()).toEqual(['duplicate', 'paid']);
    const seats = (await api<Seats>(t, 'GET', '/api/company_training/seats', company)).data;
    expect(seats.seats.filter((s) => !s.expired && s.holder === null)).toHaveLength(25);
    expect(seats.events.filter((e) => e.action === 'purchased')).toHaveLength(25);
    const invoice = await api(t, 'POST', '/api/invoices', company, {
      order_id: paid.id,
      title_type: 'company',
      title: '华东精密制造股份有限公司',
      tax_no: TAX_NO,
      email: 'finance@huadong.example.cn',
    });
    expect(invoice.code, JSON.stringify(invoice)).toBe(200);
    const again = await api(t, 'POST', '/api/invoices', company, {
      order_id: paid.id,
      title_type: 'company',
      title: '华东精密制造股份有限公司',
      tax_no: TAX_NO,
      email: 'finance@huadong.example.cn',
    });
    expect(again.code).toBe(409);
    // Quantities other than 1 stay refused for everything else, and a personal account cannot buy seats.
    const person = await createUser(t);
    expect((await api(t, 'POST', '/api/orders', person, { product_type: 'seats', product_id: SEAT_PRODUCT_ID, quantity: 2 })).code).toBe(403);
    expect((await api(t, 'POST', '/api/orders', person, { product_type: 'member', product_id: 1, quantity: 2 })).code).toBe(400);
  });

  it('refuses assigning more seats than are free, and membership follows a seat from holder to holder', async () => {
    const c = await verifiedCompany(t, staff, '北方重工财务共享中心');
    const a = await employee(c, '钱主管');
    const b = await employee(c, '吴会计');
    const d = await employee(c, '郑出纳');
    await buySeats(c, 2);
    const refused = await api(t, 'POST', '/api/company_training/seats/assign', c, { employment_ids: [a.employment, b.employment, d.employment] });
    expect(refused).toMatchObject({ code: 409, message: m.tooManyForSeats(3, 2) });
    expect(await memberEndOf(t, a.id)).toBeNull();

    const assigned = await api<Seats>(t, 'POST', '/api/company_training/seats/assign', c, { employment_ids: [a.employment, b.employment] });
    expect(assigned.code).toBe(200);
    const seatOfA = assigned.data.seats.find((s) => s.holder?.employment_id === a.employment)!;
    const end = await memberEndOf(t, a.id);
    expect(end?.toISOString()).toBe(seatOfA.ends_at);

    // The returned seat goes to the third employee; the first is no longer a member.
    const back = await api<Seats>(t, 'POST', `/api/company_training/seats/${seatOfA.id}/return`, c);
    expect(back.data.seats.find((s) => s.id === seatOfA.id)?.holder).toBeNull();
    expect(await memberEndOf(t, a.id)).toBeNull();
    const moved = await api<Seats>(t, 'POST', '/api/company_training/seats/assign', c, { employment_ids: [d.employment] });
    expect(moved.data.seats.find((s) => s.id === seatOfA.id)?.holder?.employment_id).toBe(d.employment);
    expect((await memberEndOf(t, d.id))?.toISOString()).toBe(seatOfA.ends_at);
    // Every step is kept with who and when.
    const steps = moved.data.events.filter((e) => e.seat_id === seatOfA.id).map((e) => e.action).reverse();
    expect(steps).toEqual(['purchased', 'assigned', 'returned', 'assigned']);

    // Leaving returns the seat; the person's own membership is untouched by it.
    await t.db.execute(sql`UPDATE users SET own_member_end_at = ${new Date(t.clock.now().getTime() + 10 * DAY_MS)} WHERE id = ${d.id}`);
    expect((await api(t, 'POST', '/api/my_company/leave', d)).code).toBe(200);
    expect((await memberEndOf(t, d.id))?.getTime()).toBe(t.clock.now().getTime() + 10 * DAY_MS);
    const after = await api<Seats>(t, 'GET', '/api/company_training/seats', c);
    expect(after.data.seats.find((s) => s.id === seatOfA.id)?.holder).toBeNull();
  });

  it('staff fix a seat on the company’s request, with a reason, audited', async () => {
    const c = await verifiedCompany(t, staff, '西部能源集团财务公司');
    const a = await employee(c, '冯会计');
    const b = await employee(c, '陈会计');
    await buySeats(c, 1);
    const seats = await api<Seats>(t, 'POST', '/api/company_training/seats/assign', c, { employment_ids: [a.employment] });
    const seat = seats.data.seats[0]!;
    expect((await api(t, 'POST', `/api/admin/company_training/seats/${seat.id}`, staff, { employment_id: b.employment, reason: '' })).code).toBe(400);
    const fixed = await api<{ seats: Seats['seats'] }>(t, 'POST', `/api/admin/company_training/seats/${seat.id}`, staff, {
      employment_id: b.employment,
      reason: '单位来函：冯会计已调岗，学员卡改给陈会计',
    });
    expect(fixed.code).toBe(200);
    expect(fixed.data.seats[0]!.holder?.employment_id).toBe(b.employment);
    expect(await memberEndOf(t, a.id)).toBeNull();
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'training_seat'));
    expect(audits.map((x) => x.action)).toContain('seat.fix');
    const person = await createUser(t);
    expect((await api(t, 'POST', `/api/admin/company_training/seats/${seat.id}`, person, { employment_id: null, reason: '试试' })).code).toBe(403);
  });
});

describe('assigned learning', () => {
  it('assigns a course with a deadline, shows it first to the employee with the same figures as their own centre, and counts it done once finished', async () => {
    const c = await verifiedCompany(t, staff, '东方航空配餐财务部');
    const a = await employee(c, '何会计');
    const b = await employee(c, '罗会计');
    const course = await courseBySlug(t.db, 'cas-overview');
    const paidCourse = await courseBySlug(t.db, 'cas-21-lease');
    expect((await api(t, 'POST', '/api/company_training/assignments', c, { course_id: paidCourse.id, everyone: true, deadline: '2026-03-20' })).code).toBe(404);
    expect((await api(t, 'POST', '/api/company_training/assignments', c, { course_id: course.id, everyone: true, deadline: '2026-03-01' })).message).toBe(m.deadlinePast);
    expect((await api(t, 'POST', '/api/company_training/assignments', c, { course_id: course.id, deadline: '2026-03-20' })).code).toBe(400);
    const made = await api(t, 'POST', '/api/company_training/assignments', c, { course_id: course.id, everyone: true, deadline: '2026-03-20' });
    expect(made).toMatchObject({ code: 200, message: m.assigned(2) });

    const now = t.clock.now();
    await t.db.insert(learningCourseProgress).values({ userId: a.id, courseId: course.id, startedAt: now, lastLearnedAt: now, finishedLessons: course.lessons.length, finishedAt: now });
    const mine = await api<MyCompany>(t, 'GET', '/api/my_company', a);
    expect(mine.data.assignments).toEqual([expect.objectContaining({ course_id: course.id, deadline: '2026-03-20', days_left: 18, status: 'done', percent: 100 })]);
    const own = await api<{ list: { id: number; record: { percent: number } }[] }>(t, 'GET', '/api/my_courses', a);
    expect(own.data.list.find((x) => x.id === course.id)?.record.percent).toBe(mine.data.assignments[0]!.percent);

    // Credits: the dashboard's figure is the employee's own 学分档案 figure.
    const ledger = createCreditLedger({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) });
    await ledger.grant(t.db, { userId: a.id, category: 'professional', credits: 320, source: 'exam', sourceId: 9, title: '初级会计资格考试', at: now });
    const year = await api<{ earned: { total: number }; missing: { total: number }; met: boolean }>(t, 'GET', '/api/credits/year', a);
    const detail = await api<EmployeeDetail>(t, 'GET', `/api/company_training/employees/${a.employment}`, c);
    expect(detail.data.credits).toMatchObject({ total: year.data.earned.total, met: year.data.met });
    expect(detail.data.assignments[0]).toMatchObject({ status: 'done', percent: 100 });

    const overview = await api<TrainingOverview>(t, 'GET', '/api/company_training/overview', c);
    expect(overview.data).toMatchObject({ employees: 2, assignments: { total: 2, done: 1, overdue: 0 } });
    const behind = await api<EmployeePage>(t, 'GET', '/api/company_training/employees?filter=unfinished', c);
    expect(behind.data.list.map((e) => e.id)).toEqual([b.employment]);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/company_training/employees.xlsx', headers: c.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await t.app.inject({ method: 'GET', url: '/api/company_training/summary.pdf', headers: c.headers });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Past the deadline the unfinished one is overdue.
    t.clock.set('2026-03-21T09:00:00+08:00');
    const late = await api<TrainingOverview>(t, 'GET', '/api/company_training/overview', c);
    expect(late.data.assignments).toMatchObject({ total: 2, done: 1, overdue: 1 });
    t.clock.set('2026-03-02T10:00:00+08:00');
  });

  it('a person who leaves and comes back finds the courses the company assigned them before', async () => {
    const c = await verifiedCompany(t, staff, '中原证券财务部');
    const a = await employee(c, '孔会计');
    const course = await courseBySlug(t.db, 'cas-22-financial-instruments');
    expect((await api(t, 'POST', '/api/company_training/assignments', c, { course_id: course.id, employment_ids: [a.employment], deadline: '2026-04-30' })).code).toBe(200);
    expect((await api(t, 'POST', '/api/my_company/leave', a)).code).toBe(200);
    expect((await api<MyCompany>(t, 'GET', '/api/my_company', a)).data.assignments).toEqual([]);
    const again = await invite(c, a);
    expect((await api(t, 'POST', `/api/my_company/invitations/${again.data.id}/accept`, a)).code).toBe(200);
    const mine = await api<MyCompany>(t, 'GET', '/api/my_company', a);
    expect(mine.data.assignments.map((x) => x.course_id)).toEqual([course.id]);
    const detail = await api<EmployeeDetail>(t, 'GET', `/api/company_training/employees/${again.data.id}`, c);
    expect(detail.data.assigned).toMatchObject({ total: 1, done: 0 });
  });

  it('sends the 7-day and the 1-day reminders once each with two processes, and none to who finished', async () => {
    const c = await verifiedCompany(t, staff, '南方电网物资财务科');
    const a = await employee(c, '蒋会计');
    const b = await employee(c, '沈会计');
    const course = await courseBySlug(t.db, 'cas-14-revenue');
    expect((await api(t, 'POST', '/api/company_training/assignments', c, { course_id: course.id, employment_ids: [a.employment, b.employment], deadline: '2026-03-30' })).code).toBe(200);
    const now = t.clock.now();
    await t.db.insert(learningCourseProgress).values({ userId: b.id, courseId: course.id, startedAt: now, lastLearnedAt: now, finishedLessons: 1, finishedAt: now });
    const process = () =>
      createAssignments({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }), sms: smsNotices(t, quiet), log: quiet });
    const reminders = async () =>
      rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM messages WHERE user_id = ${a.id} AND title = '单位指派课程即将到期'`);

    t.clock.set('2026-03-23T09:00:00+08:00');
    await Promise.all([process().remind(), process().remind()]);
    await Promise.all([process().remind(), process().remind()]);
    expect((await reminders())[0]!.n).toBe(1);
    const [seven] = await t.db.select().from(messages).where(sql`${messages.userId} = ${a.id} AND ${messages.title} = '单位指派课程即将到期'`);
    expect(seven!.content).toContain('还有7天');
    t.clock.set('2026-03-29T09:00:00+08:00');
    await Promise.all([process().remind(), process().remind()]);
    await process().remind();
    expect((await reminders())[0]!.n).toBe(2);
    const toB = await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM messages WHERE user_id = ${b.id} AND title = '单位指派课程即将到期'`);
    expect(toB[0]!.n).toBe(0);
    const sms = await t.db.select().from(authSmsOutbox).where(eq(authSmsOutbox.phone, a.phone));
    expect(sms.filter((s) => s.purpose === 'training_deadline')).toHaveLength(2);
    t.clock.set('2026-03-02T10:00:00+08:00');
  });
});

describe('staff', () => {
  it('keep the price tiers (the 1-seat tier stays) and see the companies with their seats and completion', async () => {
    const tiers = await api<{ id: number; min_quantity: number }[]>(t, 'GET', '/api/admin/company_training/seat_tiers', staff);
    const first = tiers.data.find((x) => x.min_quantity === 1)!;
    expect(await api(t, 'DELETE', `/api/admin/company_training/seat_tiers/${first.id}`, staff)).toMatchObject({ code: 409, message: m.firstTierRequired });
    const added = await api<{ min_quantity: number; price: number }[]>(t, 'POST', '/api/admin/company_training/seat_tiers', staff, { min_quantity: 50, price: 28_000 });
    expect(added.data.map((x) => x.min_quantity)).toContain(50);
    expect((await api(t, 'POST', '/api/admin/company_training/seat_tiers', staff, { min_quantity: 50, price: 27_000 })).message).toBe(m.tierDuplicate);
    const overview = await api<{ list: { name: string; seats_sold: number }[] }>(t, 'GET', '/api/admin/company_training?keyword=华东精密', staff);
    expect(overview.data.list).toEqual([expect.objectContaining({ name: '华东精密制造股份有限公司', seats_sold: 25 })]);
    const person = await createUser(t);
    expect((await api(t, 'GET', '/api/admin/company_training', person)).code).toBe(403);
  });
});
