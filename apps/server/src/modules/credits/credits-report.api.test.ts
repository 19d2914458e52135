import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_REPORT_EXCEL_HEADERS, type CreditReport, type CreditReportRow } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { createMessagesService } from '../messages';
import { api } from '../talent/talent.test-support';
import { createCreditLedger } from './credits.service';

let t: TestApp;
let staff: TestUser;
let courseManager: TestUser;
const m: Record<string, TestUser> = {};

/** Grants credits (tenths) of a category in a year, each a separate conversion-like grant. */
async function grant(u: TestUser, category: 'professional' | 'public', credits: number, year = 2026) {
  const ledger = createCreditLedger({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) });
  const at = new Date(`${year}-06-01T10:00:00+08:00`);
  const done = await ledger.grant(t.db, { userId: u.id, category, credits, source: 'exam', sourceId: Math.floor(Math.random() * 1e9), title: '考试', at });
  expect(done).not.toBeNull();
  return done!.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-28T10:00:00+08:00') });
  staff = await createUser(t, { staff: true });
  courseManager = await createUser(t, { staff: ['course_manager'] });
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
      source: '财会〔2018〕10号',
    });
    expect(saved.code, saved.message).toBe(200);
  }
  for (const key of ['jsMet', 'jsUnmet', 'hnMet', 'hnUnmet', 'none', 'disabled']) m[key] = await createUser(t, { nickname: `学员${key}` });
  for (const key of ['jsMet', 'jsUnmet']) expect((await api(t, 'PUT', '/api/credits/region', m[key], { region: '江苏省' })).code).toBe(200);
  for (const key of ['hnMet', 'hnUnmet', 'disabled']) expect((await api(t, 'PUT', '/api/credits/region', m[key], { region: '河南省' })).code).toBe(200);
  await t.db.execute(sql`UPDATE users SET real_name = '王江苏', id_number = '320102199001011234' WHERE id = ${m.jsMet!.id}`);
  await t.db.execute(sql`UPDATE users SET real_name = '李无区', id_number = '110101198505052345' WHERE id = ${m.none!.id}`);
  await t.db.execute(sql`UPDATE users SET disabled = true WHERE id = ${m.disabled!.id}`);

  // Jiangsu asks 60 professional and 30 public; the national rule 60 professional (2/3 of 90) and no public minimum.
  await grant(m.jsMet!, 'professional', 600);
  await grant(m.jsMet!, 'public', 300);
  // 90 in all, but only 20 public: met nationally, not in Jiangsu.
  await grant(m.jsUnmet!, 'professional', 700);
  await grant(m.jsUnmet!, 'public', 200);
  await grant(m.hnMet!, 'professional', 700);
  await grant(m.hnMet!, 'public', 200);
  // 50 professional counts; a withdrawn 30 and last year's credits do not.
  await grant(m.hnUnmet!, 'professional', 500);
  await grant(m.hnUnmet!, 'public', 400);
  const withdrawn = await grant(m.hnUnmet!, 'professional', 300);
  await t.db.execute(sql`UPDATE credits_grants SET withdrawn_at = now(), withdrawn_reason = '重复' WHERE id = ${withdrawn}`);
  await grant(m.hnUnmet!, 'professional', 300, 2025);
  await grant(m.disabled!, 'professional', 900);
});
afterAll(() => t.close());

const report = async (query: string, who: TestUser = staff) => {
  const res = await api<CreditReport>(t, 'GET', `/api/admin/credits/report?${query}`, who);
  expect(res.code, res.message).toBe(200);
  return res.data;
};
const rowOf = (list: CreditReportRow[], u: TestUser) => list.find((r) => r.user_id === u.id);

describe('学分年度报表', () => {
  it('counts 达标 and 未达标 members by region, each under the rule of their region', async () => {
    const r = await report('year=2026');
    expect(r.regions.find((x) => x.region === '江苏省')).toEqual({ region: '江苏省', met: 1, unmet: 1 });
    // The disabled member is left out.
    expect(r.regions.find((x) => x.region === '河南省')).toEqual({ region: '河南省', met: 1, unmet: 1 });
    const none = r.regions.find((x) => x.region === '未设置地区')!;
    expect(none.unmet).toBeGreaterThanOrEqual(1);
    expect(r.regions.at(-1)!.region).toBe('未设置地区');
    expect(r.totals.met + r.totals.unmet).toBe(r.regions.reduce((s, x) => s + x.met + x.unmet, 0));
    expect(r.rules).toEqual([
      expect.objectContaining({ region: null, year: 2026, required: { total: 900, professional: 600, public: 0 } }),
      expect.objectContaining({ region: '江苏省', year: 2026, required: { total: 900, professional: 600, public: 300 } }),
    ]);
  });

  it('lists a region’s members with masked ID and phone, their figures and result, filtered by result and paged', async () => {
    const js = await report('year=2026&region=江苏省');
    expect(js.members.total).toBe(2);
    expect(rowOf(js.members.list, m.jsMet!)).toEqual({
      user_id: m.jsMet!.id,
      name: '王江苏',
      id_number: '3201**********1234',
      phone: `${m.jsMet!.phone.slice(0, 3)}****${m.jsMet!.phone.slice(-4)}`,
      region: '江苏省',
      professional: 600,
      public: 300,
      total: 900,
      met: true,
    });
    expect(rowOf(js.members.list, m.jsUnmet!)).toMatchObject({ name: '学员jsUnmet', id_number: null, total: 900, met: false });

    const hn = await report('year=2026&region=河南省&status=unmet');
    expect(hn.members.list.map((x) => x.user_id)).toEqual([m.hnUnmet!.id]);
    expect(hn.members.list[0]).toMatchObject({ professional: 500, public: 400, total: 900, met: false });
    expect((await report('year=2026&region=河南省&status=met')).members.list.map((x) => x.user_id)).toEqual([m.hnMet!.id]);

    const page2 = await report('year=2026&region=江苏省&per=1&page=2');
    expect(page2.members).toMatchObject({ total: 2, page: 2, per: 1 });
    expect(page2.members.list.map((x) => x.user_id)).toEqual([m.jsUnmet!.id]);

    // Members without a region follow the national rule; the newest accounts are on the last page.
    const first = await report('year=2026&region=未设置地区&per=50');
    const unset = await report(`year=2026&region=未设置地区&per=50&page=${Math.ceil(first.members.total / 50)}`);
    expect(rowOf(unset.members.list, m.none!)).toMatchObject({ name: '李无区', id_number: '1101**********2345', region: null, total: 0, met: false });
  });

  it('exports the offices’ Excel layout with masked ID numbers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/credits/report/export?year=2026&region=${encodeURIComponent('江苏省')}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('2026年度继续教育学分_江苏省.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('2026年度继续教育学分');
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...CREDIT_REPORT_EXCEL_HEADERS]);
    expect(rows.slice(1)).toEqual([
      ['王江苏', '3201**********1234', 2026, 60, 30, 90, '达标'],
      // A member without an ID number: the cell is left empty.
      ['学员jsUnmet', undefined, 2026, 70, 20, 90, '未达标'],
    ]);
    // No full ID number anywhere in the file.
    expect(JSON.stringify(rows)).not.toContain('320102199001011234');

    const unmet = await t.app.inject({ method: 'GET', url: `/api/admin/credits/report/export?year=2026&status=unmet&region=${encodeURIComponent('河南省')}`, headers: courseManager.headers });
    expect(unmet.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(unmet.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.rowCount).toBe(2);
    expect((wb2.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual(['学员hnUnmet', undefined, 2026, 50, 40, 90, '未达标']);
  });

  it('is refused to learners and to staff without the 继续教育学分 permission', async () => {
    const learner = await createUser(t);
    const finance = await createUser(t, { staff: ['finance'] });
    for (const who of [learner, finance]) {
      expect((await api(t, 'GET', '/api/admin/credits/report?year=2026', who)).code).toBe(403);
      const file = await t.app.inject({ method: 'GET', url: '/api/admin/credits/report/export?year=2026', headers: who.headers });
      expect(file.statusCode).toBe(403);
    }
    expect((await api(t, 'GET', '/api/admin/credits/report?year=2026', null)).code).toBe(406);
    expect((await report('year=2026', courseManager)).year).toBe(2026);
  });

  it('refuses a region outside the list', async () => {
    const res = await api(t, 'GET', `/api/admin/credits/report?year=2026&region=${encodeURIComponent('火星')}`, staff);
    expect(res.code).toBe(400);
  });
});
