import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_DIGEST_TITLE } from '@app/contracts';
import { rowsOf } from '../../db/sql';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { authSmsOutbox } from '../auth/auth.table';
import { smsNotices } from '../auth';
import { courseBySlug } from '../courses/course-test-helpers';
import { learningCourseProgress, learningDailySeconds } from '../learning/learning.table';
import { createMessagesService } from '../messages';
import { messages } from '../messages/messages.table';
import { api } from '../talent/talent.test-support';
import { createWeeklyDigest, digestPeriod, isoWeekOf } from './credits-digest';
import { creditsDigests } from './credits-digest.table';
import { createCreditLedger } from './credits.service';

const quiet = { info() {}, warn() {}, error() {} };

describe('the digest week', () => {
  it('is the ISO week of the Monday before, read in China time', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(digestPeriod(new Date('2026-11-30T09:00:00+08:00'))).toEqual({ week: '2026-W48', from: '2026-11-23', to: '2026-11-30' });
    // Later in the same week (a Monday with no server running) the same week is still due.
    expect(digestPeriod(new Date('2026-12-06T19:59:00+08:00'))?.week).toBe('2026-W48');
    // Sunday 01:00 UTC is Sunday 09:00 China time.
    expect(digestPeriod(new Date('2026-12-06T01:00:00Z'))?.week).toBe('2026-W48');
  });

  it('is never at night China time', () => {
    expect(digestPeriod(new Date('2026-11-30T08:59:59+08:00'))).toBeNull();
    expect(digestPeriod(new Date('2026-11-30T20:00:00+08:00'))).toBeNull();
    expect(digestPeriod(new Date('2026-11-30T23:00:00+08:00'))).toBeNull();
    // 09:30 UTC on a Monday is 17:30 in China: daytime.
    expect(digestPeriod(new Date('2026-11-30T09:30:00Z'))?.week).toBe('2026-W48');
  });
});

describe('the weekly learning digest', () => {
  let t: TestApp;
  let active: TestUser;
  let idle: TestUser;
  let done: TestUser;
  let company: TestUser;
  let finishedTitle: string;

  const digest = () =>
    createWeeklyDigest({
      db: t.db,
      clock: t.clock,
      messages: createMessagesService({ db: t.db, clock: t.clock }),
      sms: smsNotices(t, quiet),
      log: quiet,
    });
  const digestsOf = (u: TestUser) =>
    t.db.select().from(messages).where(and(eq(messages.userId, u.id), eq(messages.title, CREDIT_DIGEST_TITLE))).orderBy(messages.id);

  beforeAll(async () => {
    // Wednesday of the week the first digest reports on.
    t = await createTestApp({ clock: new ManualClock('2026-11-25T10:00:00+08:00') });
    const staff = await createUser(t, { staff: true });
    for (const [region, terms] of [
      [null, { professional_min: null, professional_share: [2, 3], public_min: null }],
      ['江苏省', { professional_min: 600, professional_share: null, public_min: 300 }],
    ] as const) {
      const saved = await api(t, 'POST', '/api/admin/credits/rules', staff, {
        year: 2026,
        region,
        required_total: 900,
        ...terms,
        minutes_per_credit: 50,
        conversions: [],
        filing_deadline: '2027-03-31',
        source: '《会计专业技术人员继续教育规定》（财会〔2018〕10号）',
      });
      expect(saved.code, saved.message).toBe(200);
    }
    [active, idle, done, company] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t, { role: 'company' })];
    const ledger = createCreditLedger({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) });

    // The active learner (Jiangsu, SMS on): 90 minutes on Tuesday, a course finished on Wednesday, and credits from
    // the summer that count for the year but not for the week.
    expect((await api(t, 'PUT', '/api/credits/region', active, { region: '江苏省' })).code).toBe(200);
    const sms = await api(t, 'PUT', '/api/credits/digest_settings', active, { sms: true });
    expect(sms).toMatchObject({ code: 200, message: '已开启每周学习周报短信提醒', data: { sms: true } });
    const course = await courseBySlug(t.db, 'cas-overview');
    finishedTitle = course.title;
    await t.db.insert(learningDailySeconds).values({ userId: active.id, day: '2026-11-24', seconds: 5400 });
    await t.db.insert(learningCourseProgress).values({
      userId: active.id,
      courseId: course.id,
      startedAt: new Date('2026-11-24T20:00:00+08:00'),
      lastLearnedAt: new Date('2026-11-25T09:00:00+08:00'),
      learnSeconds: 5400,
      finishedLessons: course.lessons.length,
      finishedAt: new Date('2026-11-25T09:00:00+08:00'),
    });
    await ledger.courseFinished(active.id, course.id, t.clock.now());
    t.clock.set('2026-07-01T10:00:00+08:00');
    await ledger.grant(t.db, { userId: active.id, category: 'public', credits: 100, source: 'live', sourceId: 1, title: '直播课：新收入准则', at: t.clock.now() });

    // The done learner met the year in spring and did nothing last week.
    t.clock.set('2026-04-01T10:00:00+08:00');
    await ledger.grant(t.db, { userId: done.id, category: 'professional', credits: 700, source: 'exam', sourceId: 1, title: '中级会计资格考试', at: t.clock.now() });
    await ledger.grant(t.db, { userId: done.id, category: 'public', credits: 200, source: 'live', sourceId: 2, title: '直播课：职业道德', at: t.clock.now() });
  });
  afterAll(() => t.close());

  it('sends nothing at 23:00 China time on Monday', async () => {
    t.clock.set('2026-11-30T23:00:00+08:00');
    const r = await digest().run();
    expect(r).toMatchObject({ week: null, sent: 0 });
    expect(await t.db.select().from(creditsDigests)).toHaveLength(0);
  });

  it('two processes running at once on Monday morning send exactly one digest per learner', async () => {
    t.clock.set('2026-11-30T09:05:00+08:00');
    const [a, b] = await Promise.all([digest().run(), digest().run()]);
    expect(a.week).toBe('2026-W48');
    expect(a.sent + b.sent).toBeGreaterThan(0);
    const rows = await t.db.select().from(creditsDigests).where(eq(creditsDigests.week, '2026-W48'));
    expect(a.sent + b.sent).toBe(rows.length);
    const twice = await rowsOf<{ user_id: number }>(
      t.db,
      sql`SELECT user_id FROM messages WHERE title = ${CREDIT_DIGEST_TITLE} GROUP BY user_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    expect(await digestsOf(active)).toHaveLength(1);
    expect(await digestsOf(idle)).toHaveLength(1);
    // The SMS went once, to the learner who asked for it.
    expect(a.sms.sent + b.sms.sent).toBe(1);
    const outbox = await t.db.select().from(authSmsOutbox).where(eq(authSmsOutbox.phone, active.phone));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.purpose).toBe('learning_digest');
    expect(outbox[0]!.content).toBe(
      '【财务管理协会】每周学习周报：您上周学习1.5小时，完成课程1门；2026年度已获继续教育学分14学分，还差76学分，学分折算申报截止2027-03-31。详情请登录平台查看学分档案。',
    );
    expect(rows.find((r) => r.userId === active.id)?.sms).toBe('sent');
    expect(rows.find((r) => r.userId === idle.id)?.sms).toBeNull();
  });

  it('tells an active learner last week’s learning, the year against their region’s rule, the deadline and two courses', async () => {
    const [m] = await digestsOf(active);
    const lines = m!.content.split('\n');
    expect(lines[0]).toBe(`上周（2026-11-23至2026-11-29）您学习1.5小时，完成课程1门（《${finishedTitle}》），获得继续教育学分4学分。`);
    expect(lines[1]).toBe('2026年度继续教育学分：已获14学分（专业科目4学分，公需科目10学分）；江苏省规则要求90学分（专业科目不少于60学分，公需科目不少于30学分）。');
    expect(lines[2]).toBe('尚未达标，还差总学分76学分、专业科目56学分、公需科目20学分。');
    expect(lines[3]).toBe('学分折算申报截止日期：2027-03-31。');
    // Two published courses with credits, not the one already credited, 专业科目 (the larger gap) first.
    expect(lines[4]).toMatch(/^推荐课程：《[^》]+》（专业科目[\d.]+学分）、《[^》]+》（[^）]+）。$/);
    expect(lines[4]).not.toContain(finishedTitle);
    expect(lines.at(-1)).toBe('详情可在“学分档案”中查看。');
  });

  it('tells a learner who did not learn last week but has not met the year what is missing', async () => {
    const [m] = await digestsOf(idle);
    expect(m!.content).toContain('上周（2026-11-23至2026-11-29）您没有学习记录。');
    expect(m!.content).toContain('2026年度继续教育学分：已获0学分（专业科目0学分，公需科目0学分）；全国规则要求90学分（专业科目不少于60学分）。');
    expect(m!.content).toContain('尚未达标，还差总学分90学分、专业科目60学分。');
    expect(m!.content).toContain('推荐课程：');
  });

  it('sends none to a company account, nor to a learner whose year is met and who did not learn last week', async () => {
    expect(await digestsOf(company)).toHaveLength(0);
    expect(await digestsOf(done)).toHaveLength(0);
    expect(await t.db.select().from(creditsDigests).where(eq(creditsDigests.userId, company.id))).toHaveLength(0);
  });

  it('a later run or a restart in the same week sends nothing more', async () => {
    t.clock.set('2026-12-01T10:00:00+08:00');
    const r = await digest().run();
    expect(r).toMatchObject({ week: '2026-W48', sent: 0, done: true });
    expect(await digestsOf(active)).toHaveLength(1);
  });

  it('sends again the next week, about that week, its SMS within the phone’s limits', async () => {
    // A login code a few seconds before: the phone's resend interval holds the digest's SMS back.
    t.clock.set('2026-12-07T09:09:50+08:00');
    const code = await t.app.inject({ method: 'POST', url: '/api/users/send_msg', payload: { phone: active.phone, purpose: 'login' } });
    expect(code.statusCode, code.body).toBe(200);
    t.clock.set('2026-12-07T09:10:00+08:00');
    const r = await digest().run();
    expect(r).toMatchObject({ week: '2026-W49', done: true, sms: { sent: 0, limited: 1 } });
    const [row] = await t.db.select().from(creditsDigests).where(and(eq(creditsDigests.userId, active.id), eq(creditsDigests.week, '2026-W49')));
    expect(row?.sms).toBe('limited');
    expect((await t.db.select().from(authSmsOutbox).where(eq(authSmsOutbox.phone, active.phone))).map((o) => o.purpose)).toEqual(['learning_digest', 'login']);
    const all = await digestsOf(active);
    expect(all).toHaveLength(2);
    expect(all[1]!.content).toContain('上周（2026-11-30至2026-12-06）您没有学习记录。');
    expect(await digestsOf(idle)).toHaveLength(2);
    expect(await digestsOf(company)).toHaveLength(0);
  });

  it('the SMS opt-in is for personal accounts', async () => {
    expect((await api(t, 'GET', '/api/credits/digest_settings', idle)).data).toEqual({ sms: false, phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });
    expect((await api(t, 'PUT', '/api/credits/digest_settings', company, { sms: true })).code).toBe(403);
    expect((await api(t, 'PUT', '/api/credits/digest_settings', idle, { sms: 'yes' })).code).toBe(400);
    const off = await api(t, 'PUT', '/api/credits/digest_settings', active, { sms: false });
    expect(off).toMatchObject({ code: 200, message: '已关闭每周学习周报短信提醒', data: { sms: false } });
  });
});
