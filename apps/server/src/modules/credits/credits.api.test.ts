import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_GRANTED_TITLE, creditsMessages as m } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { courseBySlug } from '../courses/course-test-helpers';
import { createMessagesService } from '../messages';
import { messages } from '../messages/messages.table';
import { api } from '../talent/talent.test-support';
import { createCreditLedger, ruleFor, rulesFor } from './credits.service';
import { creditsGrants } from './credits.table';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-28T10:00:00+08:00') });
  staff = await createUser(t, { staff: true });
  // The years the tests use, whatever year the test database was seeded in.
  for (const [year, region, terms] of [
    [2026, null, { professional_min: null, professional_share: [2, 3], public_min: null }],
    [2027, null, { professional_min: null, professional_share: [2, 3], public_min: null }],
    [2026, '江苏省', { professional_min: 600, professional_share: null, public_min: 300 }],
  ] as const) {
    const saved = await api(t, 'POST', '/api/admin/credits/rules', staff, {
      year,
      region,
      required_total: 900,
      ...terms,
      minutes_per_credit: 50,
      conversions: [{ kind: 'conference', credits: 100, co_credits: null, evidence: '参会证明' }],
      filing_deadline: `${year + 1}-03-31`,
      source: '《会计专业技术人员继续教育规定》（财会〔2018〕10号）',
    });
    expect(saved.code, saved.message).toBe(200);
  }
});
afterAll(() => t.close());

const ledger = () => createCreditLedger({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) });
const grantsOf = (u: TestUser) => t.db.select().from(creditsGrants).where(eq(creditsGrants.userId, u.id));

/** Plays every lesson of a seeded course to its end through the player's reports. */
async function finishCourse(me: TestUser, slug: string) {
  const c = await courseBySlug(t.db, slug);
  for (const lesson of c.lessons) {
    await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson.id}`, headers: me.headers });
    const play = (state: string, played: number, position: number) =>
      t.app.inject({
        method: 'POST',
        url: '/coursepoolapi/course_pools/watch_create',
        headers: me.headers,
        payload: { lesson_id: lesson.id, position, played_seconds: played, state },
      });
    await play('playing', 0, 0);
    t.clock.advance(lesson.duration * 1000);
    const res = await play('ended', lesson.duration, lesson.duration);
    expect(res.statusCode, res.body).toBe(200);
  }
  return c;
}

describe('credits from learning', () => {
  it('a finished course grants its credits once, tells the member, and the year shows them against the rule', async () => {
    const me = await createUser(t);
    const c = await finishCourse(me, 'cas-overview');
    const rows = await grantsOf(me);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'course', sourceId: c.id, year: 2026, category: 'professional', credits: 40 });
    // Finishing again (a replayed report, another process) grants nothing more.
    await ledger().courseFinished(me.id, c.id, t.clock.now());
    expect(await grantsOf(me)).toHaveLength(1);
    const notes = await t.db.select().from(messages).where(and(eq(messages.userId, me.id), eq(messages.title, CREDIT_GRANTED_TITLE)));
    expect(notes).toHaveLength(1);

    const year = (await api(t, 'GET', '/api/credits/year', me)).data;
    expect(year).toMatchObject({
      year: 2026,
      region: null,
      earned: { total: 40, professional: 40, public: 0 },
      required: { total: 900, professional: 600, public: 0 },
      missing: { total: 860, professional: 560, public: 0 },
      met: false,
    });
    expect(year.rule.source).toContain('财会〔2018〕10号');
    expect(year.grants[0]).toMatchObject({ source: 'course', title: c.title, credits: 40, rule_version: year.rule.version });
    // Suggestions close the gap with courses not yet credited, 专业科目 first.
    expect(year.suggestions.length).toBeGreaterThan(0);
    expect(year.suggestions.map((s: { id: number }) => s.id)).not.toContain(c.id);
    expect(year.suggestions[0].category).toBe('professional');
  });

  it('counts a course finished at 23:59 on 31 December China time for that year, a minute later for the next', async () => {
    const c = await courseBySlug(t.db, 'vat-basics');
    const [late, early] = [await createUser(t), await createUser(t)];
    await ledger().courseFinished(late.id, c.id, new Date('2026-12-31T23:59:00+08:00'));
    await ledger().courseFinished(early.id, c.id, new Date('2027-01-01T00:00:00+08:00'));
    expect((await grantsOf(late))[0]!.year).toBe(2026);
    expect((await grantsOf(early))[0]!.year).toBe(2027);
  });

  it('a course without a credit setting grants nothing', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'accounting-basics');
    await api(t, 'PUT', `/api/admin/credits/courses/${c.id}`, staff, { category: null, credits: null });
    await ledger().courseFinished(me.id, c.id, t.clock.now());
    expect(await grantsOf(me)).toHaveLength(0);
  });

  it('a year staff have not set yet follows the newest earlier national rule', async () => {
    const me = await createUser(t);
    await ledger().courseFinished(me.id, (await courseBySlug(t.db, 'vat-invoice-risk')).id, new Date('2030-06-01T10:00:00+08:00'));
    const [row] = await grantsOf(me);
    expect(row).toMatchObject({ year: 2030 });
    const year = (await api(t, 'GET', '/api/credits/year?year=2030', me)).data;
    expect(year.rule.year).toBeLessThan(2030);
    expect(year.earned.total).toBe(row!.credits);
  });
});

describe("the member's year and region", () => {
  it('a member registered in Jiangsu follows its rule: 30 公需科目 besides 60 专业科目', async () => {
    const me = await createUser(t);
    await ledger().courseFinished(me.id, (await courseBySlug(t.db, 'cas-14-revenue')).id, t.clock.now());
    expect((await api(t, 'PUT', '/api/credits/region', me, { region: '江苏省' })).data).toEqual({ region: '江苏省' });
    const year = (await api(t, 'GET', '/api/credits/year', me)).data;
    expect(year.rule).toMatchObject({ region: '江苏省', public_min: 300, professional_min: 600 });
    expect(year.missing).toMatchObject({ professional: 520, public: 300 });
    expect((await api(t, 'PUT', '/api/credits/region', me, { region: '火星' })).status).toBe(400);
    // Back to the national rule.
    await api(t, 'PUT', '/api/credits/region', me, { region: null });
    expect((await api(t, 'GET', '/api/credits/year', me)).data.rule.region).toBeNull();
  });

  it('lists earlier years with their result, and refuses a company account', async () => {
    const me = await createUser(t);
    await ledger().courseFinished(me.id, (await courseBySlug(t.db, 'cit-annual-filing')).id, new Date('2025-05-10T10:00:00+08:00'));
    const year = (await api(t, 'GET', '/api/credits/year', me)).data;
    expect(year.history).toEqual([{ year: 2025, total: 80, met: false }]);
    expect((await api(t, 'GET', '/api/credits/year?year=2025', me)).data.earned.total).toBe(80);
    expect((await api(t, 'GET', '/api/credits/year?year=1999', me)).status).toBe(400);
    const company = await createUser(t, { role: 'company' });
    expect(await api(t, 'GET', '/api/credits/year', company)).toMatchObject({ status: 403, message: m.companyNotApplicable });
  });
});

describe('rules of several years at once', () => {
  it('give each year the rule ruleFor gives it, for every region', async () => {
    const years = [2023, 2024, 2025, 2026, 2027, 2030];
    for (const region of [null, '江苏省', '河南省']) {
      const batch = await rulesFor(t.db, years, region);
      for (const y of years) expect(batch.get(y)?.id, `${y} ${region}`).toBe((await ruleFor(t.db, y, region))?.id);
    }
    expect((await rulesFor(t.db, [], null)).size).toBe(0);
  });
});

describe('staff', () => {
  it('a rule change is a new version: credits granted keep theirs, the year reads the new one', async () => {
    const me = await createUser(t);
    await ledger().courseFinished(me.id, (await courseBySlug(t.db, 'dupont-valuation')).id, t.clock.now());
    const current = (await api(t, 'GET', '/api/credits/year', me)).data.rule;
    const saved = await api(t, 'POST', '/api/admin/credits/rules', staff, {
      year: 2026,
      region: null,
      required_total: 1200,
      professional_min: null,
      professional_share: [2, 3],
      public_min: null,
      minutes_per_credit: 45,
      conversions: current.conversions,
      filing_deadline: '2027-03-31',
      source: current.source,
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.version).toBe(current.version + 1);
    const year = (await api(t, 'GET', '/api/credits/year', me)).data;
    expect(year.rule.version).toBe(current.version + 1);
    expect(year.required.total).toBe(1200);
    expect(year.grants[0].rule_version).toBe(current.version);
    const [row] = await grantsOf(me);
    expect(row!.ruleId).toBe(current.id);
  });

  it('refuses a rule whose 专业科目 minimum exceeds the total, and non-staff', async () => {
    const body = {
      year: 2027,
      region: '河南省',
      required_total: 900,
      professional_min: 1000,
      professional_share: null,
      public_min: null,
      minutes_per_credit: 50,
      conversions: [],
      filing_deadline: '2028-03-31',
      source: '测试',
    };
    const bad = await api(t, 'POST', '/api/admin/credits/rules', staff, body);
    expect(bad).toMatchObject({ status: 400, message: m.professionalInvalid });
    const learner = await createUser(t);
    expect((await api(t, 'POST', '/api/admin/credits/rules', learner, { ...body, professional_min: 600 })).status).toBe(403);
  });

  it('sets a course credit (category and credits together) and lists it', async () => {
    const c = await courseBySlug(t.db, 'standard-costing');
    expect((await api(t, 'PUT', `/api/admin/credits/courses/${c.id}`, staff, { category: 'public', credits: null })).status).toBe(400);
    const saved = await api(t, 'PUT', `/api/admin/credits/courses/${c.id}`, staff, { category: 'public', credits: 25 });
    expect(saved.data).toMatchObject({ course_id: c.id, category: 'public', credits: 25 });
    const list = (await api(t, 'GET', '/api/admin/credits/courses', staff)).data;
    expect(list.find((x: { course_id: number }) => x.course_id === c.id)).toMatchObject({ category: 'public', credits: 25 });
    expect((await api(t, 'PUT', '/api/admin/credits/courses/999999', staff, { category: 'public', credits: 10 })).status).toBe(404);
  });
});
