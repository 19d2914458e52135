import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_RESULT_TITLE, conversionMessages as m } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { FAKE_PDF, pdfFixture } from '../../testing/pdfs';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { messages } from '../messages/messages.table';
import { api, multipartBody } from '../talent/talent.test-support';
import { creditsGrants } from './credits.table';

let t: TestApp;
let staff: TestUser;
let pages = 1;
/** A different, valid PDF each call (the same evidence twice is refused). */
const freshPdf = () => pdfFixture(++pages);

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-28T10:00:00+08:00') });
  staff = await createUser(t, { staff: true });
  for (const year of [2025, 2026]) {
    const saved = await api(t, 'POST', '/api/admin/credits/rules', staff, {
      year,
      region: null,
      required_total: 900,
      professional_min: null,
      professional_share: [2, 3],
      public_min: null,
      minutes_per_credit: 50,
      conversions: [
        { kind: 'exam', credits: 900, co_credits: null, evidence: '考试合格证明' },
        { kind: 'paper', credits: 300, co_credits: 100, evidence: '期刊封面与正文' },
      ],
      filing_deadline: `${year + 1}-03-31`,
      source: '《会计专业技术人员继续教育规定》（财会〔2018〕10号）',
    });
    expect(saved.code, saved.message).toBe(200);
  }
});
afterAll(() => t.close());

const FIELDS = { kind: 'paper', role: 'main', title: '业财融合背景下的管理会计报告体系研究', activity_date: '2026-09-15' };

async function file(user: TestUser, fields: Record<string, string> = {}, content: Buffer = freshPdf()) {
  const body = multipartBody({ ...FIELDS, ...fields }, { name: '论文.pdf', content, type: 'application/pdf' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credits/conversions',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, ...res.json() };
}

const yearOf = async (u: TestUser, year = 2026) => (await api(t, 'GET', `/api/credits/year?year=${year}`, u)).data;
const inbox = (u: TestUser) =>
  t.db.select().from(messages).where(and(eq(messages.userId, u.id), eq(messages.title, CONVERSION_RESULT_TITLE)));

describe('filing a conversion', () => {
  it('staff approval grants the table credits as 专业科目 in the activity year, tells the member and is audited', async () => {
    const me = await createUser(t);
    const filed = await file(me);
    expect(filed.code, filed.message).toBe(200);
    expect(filed.data).toMatchObject({ status: 'pending', year: 2026, credits: 300, kind: 'paper', role: 'main' });
    expect((await yearOf(me)).earned.total).toBe(0);

    const answered = await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: true });
    expect(answered.code, answered.message).toBe(200);
    expect(answered.data).toMatchObject({ status: 'approved', reviewed_by: expect.any(String) });
    const y = await yearOf(me);
    expect(y.earned).toEqual({ total: 300, professional: 300, public: 0 });
    expect(y.grants[0]).toMatchObject({ source: 'conversion', credits: 300 });
    expect((await inbox(me))[0]!.content).toContain('已通过');
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'credit_conversion.approve'), eq(auditLog.entityId, filed.data.id)));
    expect(row).toBeDefined();
    // A second answer is refused.
    expect((await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: false, reason: '材料不清' })).status).toBe(409);
  });

  it('counts a conversion in the activity year (filed before that year\'s deadline), and a co-author gets the co-author credits', async () => {
    const clock = t.clock.now();
    t.clock.set('2026-02-10T10:00:00+08:00');
    try {
      const me = await createUser(t);
      const filed = await file(me, { role: 'co', activity_date: '2025-12-20' });
      expect(filed.code, filed.message).toBe(200);
      expect(filed.data).toMatchObject({ year: 2025, credits: 100 });
      await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: true });
      expect((await yearOf(me, 2025)).earned.total).toBe(100);
      expect((await yearOf(me, 2026)).earned.total).toBe(0);
    } finally {
      t.clock.set(clock);
    }
  });

  it('a rejection needs a reason, is told to the member, and the same evidence may then be filed again', async () => {
    const me = await createUser(t);
    const pdf = freshPdf();
    const filed = await file(me, {}, pdf);
    expect((await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: false })).status).toBe(400);
    const rejected = await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: false, reason: '期刊无CN刊号' });
    expect(rejected.data.status).toBe('rejected');
    expect((await inbox(me))[0]!.content).toContain('期刊无CN刊号');
    expect((await file(me, {}, pdf)).code).toBe(200);
  });

  it('refuses the same evidence twice, writing nothing the second time', async () => {
    const me = await createUser(t);
    const pdf = freshPdf();
    expect((await file(me, {}, pdf)).code).toBe(200);
    const again = await file(me, { title: '另一篇论文' }, pdf);
    expect(again).toMatchObject({ status: 409, message: m.duplicate });
    expect((await api(t, 'GET', '/api/credits/conversions', me)).data).toHaveLength(1);
  });

  it("refuses a filing after the year's deadline, a future date, a kind the rule lacks, a co-author role where there is none", async () => {
    const me = await createUser(t);
    expect(await file(me, { activity_date: '2027-01-05' })).toMatchObject({ status: 400, message: m.dateInFuture });
    expect(await file(me, { kind: 'book' })).toMatchObject({ status: 400, message: m.kindNotInRule });
    expect(await file(me, { kind: 'exam', role: 'co' })).toMatchObject({ status: 400, message: m.noCoRole });
    const clock = t.clock.now();
    t.clock.set('2027-04-01T09:00:00+08:00');
    try {
      const late = await createUser(t);
      expect(await file(late, { activity_date: '2026-10-01' })).toMatchObject({ status: 409, message: m.deadlinePassed });
      expect((await api(t, 'GET', '/api/credits/conversions', late)).data).toHaveLength(0);
    } finally {
      t.clock.set(clock);
    }
    expect((await api(t, 'GET', '/api/credits/conversions', me)).data).toHaveLength(0);
  });

  it('checks the evidence by content: a fake PDF is refused on the file field; a company account may not file', async () => {
    const me = await createUser(t);
    const fake = await file(me, {}, FAKE_PDF);
    expect(fake.status).toBe(415);
    expect(fake.data.fieldErrors.file).toBeDefined();
    const company = await createUser(t, { role: 'company' });
    expect((await file(company)).status).toBe(403);
  });
});

describe('withdrawing an approved conversion', () => {
  it('its credits stop counting and the member is told; only staff may, only once approved', async () => {
    const me = await createUser(t);
    const filed = await file(me);
    expect((await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/withdraw`, staff, { reason: '材料不实' })).status).toBe(409);
    await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: true });
    expect((await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/withdraw`, me, { reason: '材料不实' })).status).toBe(403);
    const done = await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/withdraw`, staff, { reason: '经核实论文未公开发表' });
    expect(done.data.status).toBe('withdrawn');
    expect((await yearOf(me)).earned.total).toBe(0);
    const [grant] = await t.db.select().from(creditsGrants).where(eq(creditsGrants.userId, me.id));
    expect(grant!.withdrawnReason).toBe('经核实论文未公开发表');
    expect((await inbox(me)).some((n) => n.content.includes('已被撤销'))).toBe(true);
  });

  it('staff list pending filings first, with the evidence downloadable by staff only', async () => {
    const me = await createUser(t);
    const filed = await file(me);
    const list = await api(t, 'GET', '/api/admin/credits/conversions?status=pending&page=1&per=50', staff);
    expect(list.data.list.some((c: { id: number }) => c.id === filed.data.id)).toBe(true);
    const ev = await t.app.inject({ method: 'GET', url: `/api/admin/credits/conversions/${filed.data.id}/evidence`, headers: staff.headers });
    expect(ev.statusCode).toBe(200);
    expect(ev.headers['content-type']).toContain('application/pdf');
    const denied = await t.app.inject({ method: 'GET', url: `/api/admin/credits/conversions/${filed.data.id}/evidence`, headers: me.headers });
    expect(denied.statusCode).toBe(403);
  });
});
