import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_LINES, RISK_REPORT_PRICE_FEN, type RiskReport } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { createOrder, payThroughCashier } from '../members/members.test-support';
import { DEMO_RISK_INPUT } from './seed/demo-statements';
import { membershipYear } from './tools.service';
import type { Json } from '../../testing/json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const yuan = (fen: number) => (fen / 100).toFixed(2);
const demoBody = () => ({
  company_name: DEMO_RISK_INPUT.companyName,
  industry_tax_rate: DEMO_RISK_INPUT.industryTaxRatePct ?? '',
  prior: Object.fromEntries(RISK_LINES.map((l) => [l.key, yuan(DEMO_RISK_INPUT.prior[l.key])])),
  current: Object.fromEntries(RISK_LINES.map((l) => [l.key, yuan(DEMO_RISK_INPUT.current[l.key])])),
});

async function call(method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) {
  const res = await t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, json: res.json() as { code: number; message: string; data: Json } };
}
const create = async (u: TestUser) => (await call('POST', '/api/risk-checks', u, demoBody())).json.data as RiskReport;

function multipart(name: string, content: Buffer) {
  const boundary = '----risk' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('risk-check quota', () => {
  it('gives a member two free reports per membership year and asks for payment of the third', async () => {
    const member = await createUser(t, { memberDays: 200 });
    const q = await call('GET', '/api/risk-checks/quota', member);
    expect(q.json.data).toMatchObject({ is_member: true, free_left: 2, price: RISK_REPORT_PRICE_FEN });
    const [a, b] = [await create(member), await create(member)];
    expect([a.state, b.state]).toEqual(['ready', 'ready']);
    expect(a.source).toBe('member_free');
    expect(a.analysis?.flags.map((f) => f.id)).toEqual(expect.arrayContaining(['cash-vs-profit', 'inventory-growth', 'tax-burden']));
    const third = await create(member);
    expect(third).toMatchObject({ state: 'awaiting_payment', analysis: null, pdf_url: null, price: RISK_REPORT_PRICE_FEN });
    expect((await call('GET', '/api/risk-checks/quota', member)).json.data).toMatchObject({ free_used: 2, free_left: 0 });
  });

  it('asks a non-member to pay for every report, and unlocks it when the order is paid', async () => {
    const plain = await createUser(t);
    const r = await create(plain);
    expect(r.state).toBe('awaiting_payment');
    const order = await createOrder(t, plain, { product_type: 'risk_report', product_id: r.id });
    expect(order).toMatchObject({ amount: RISK_REPORT_PRICE_FEN, subject: `财务风险检测报告（${DEMO_RISK_INPUT.companyName}）` });
    const paid = await payThroughCashier(t, plain, order);
    expect(paid.state).toBe('paid');
    const after = (await call('GET', `/api/risk-checks/${r.id}`, plain)).json.data as RiskReport;
    expect(after).toMatchObject({ state: 'ready', source: 'paid' });
    expect(after.analysis?.score).toBeLessThan(100);
    const again = await call('POST', '/api/orders', plain, { product_type: 'risk_report', product_id: r.id });
    expect(again.status).toBe(409);
  });

  it('counts free reports per 365-day membership year counted back from the end date', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const end = new Date('2027-08-01T00:00:00Z');
    const y = membershipYear(end, now)!;
    expect(y.to.toISOString()).toBe('2026-08-01T00:00:00.000Z');
    expect(y.from.getTime()).toBeLessThan(now.getTime());
    expect(membershipYear(new Date('2026-01-01T00:00:00Z'), now)).toBeNull();
    expect(membershipYear(null, now)).toBeNull();
  });

  it('starts a new free allowance in the next membership year', async () => {
    const member = await createUser(t, { memberDays: 370 });
    await create(member);
    await create(member);
    expect((await create(member)).state).toBe('awaiting_payment');
    t.clock.advance(6 * 86_400_000);
    expect((await create(member)).state).toBe('ready');
    t.clock.advance(-6 * 86_400_000);
  });
});

describe('risk-check reports', () => {
  it('refuses bad statements with a message per line and column', async () => {
    const u = await createUser(t);
    const body = demoBody();
    body.prior.cash = '-5';
    body.current.revenue = '12.345';
    body.current.totalAssets = '1';
    body.company_name = '';
    const res = await call('POST', '/api/risk-checks', u, body);
    expect(res.status).toBe(400);
    expect(res.json.data.fieldErrors).toMatchObject({
      company_name: '请输入企业名称',
      'prior.cash': '上年货币资金不能为负数',
      'current.revenue': '本年营业收入最多保留两位小数',
      'current.currentAssets': '本年流动资产合计不能大于资产总计',
    });
  });

  it('shows a report only to its owner: another user gets 404, and the list holds only mine', async () => {
    const owner = await createUser(t, { memberDays: 100 });
    const other = await createUser(t);
    const r = await create(owner);
    expect((await call('GET', `/api/risk-checks/${r.id}`, other)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/risk-checks/${r.id}/pdf`, headers: other.headers })).statusCode).toBe(404);
    expect((await call('POST', '/api/orders', other, { product_type: 'risk_report', product_id: r.id })).status).toBe(404);
    const list = (await call('GET', '/api/risk-checks', owner)).json.data;
    expect(list.list.map((x: RiskReport) => x.id)).toEqual([r.id]);
  });

  it('renders a ready report as a PDF with Chinese text, and refuses the PDF of an unpaid one', async () => {
    const member = await createUser(t, { memberDays: 100 });
    const r = await create(member);
    const res = await t.app.inject({ method: 'GET', url: `/api/risk-checks/${r.id}/pdf`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'risk-pdf-'));
    const file = path.join(dir, 'r.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('财务风险检测报告');
    expect(text).toContain('利润增长但经营现金流为负');
    const plain = await createUser(t);
    const unpaid = await create(plain);
    expect((await t.app.inject({ method: 'GET', url: `/api/risk-checks/${unpaid.id}/pdf`, headers: plain.headers })).statusCode).toBe(409);
  });

  it('serves the Excel template and reads it back into the same statements', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: '/api/risk-checks/template.xlsx' });
    expect(tpl.statusCode).toBe(200);
    const u = await createUser(t);
    const up = multipart('tpl.xlsx', tpl.rawPayload);
    const res = await t.app.inject({ method: 'POST', url: '/api/risk-checks/template', headers: { ...u.headers, ...up.headers }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.company_name).toBe(DEMO_RISK_INPUT.companyName);
    expect(Number(data.current.operatingCashFlow)).toBe(DEMO_RISK_INPUT.current.operatingCashFlow / 100);
  });

  it('names the row and column of a missing or mislabelled line in an uploaded sheet', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: '/api/risk-checks/template.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('财务报表')!;
    ws.getCell('A5').value = '库存商品';
    ws.getCell('C2').value = '本期';
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const u = await createUser(t);
    const up = multipart('bad.xlsx', buf);
    const res = await t.app.inject({ method: 'POST', url: '/api/risk-checks/template', headers: { ...u.headers, ...up.headers }, payload: up.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.sheetErrors).toEqual([
      { row: 2, column: 'C', message: '表头应为“本年金额（元）”' },
      { row: 5, column: 'A', message: '第5行项目应为“存货”，实际为“库存商品”' },
    ]);
    const junk = multipart('x.xlsx', Buffer.from('not a workbook'));
    const bad = await t.app.inject({ method: 'POST', url: '/api/risk-checks/template', headers: { ...u.headers, ...junk.headers }, payload: junk.payload });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('无法读取该文件，请上传平台提供的Excel模板（.xlsx）');
  });

  it('lists every report for staff only', async () => {
    const staff = await createUser(t, { staff: true });
    const plain = await createUser(t);
    expect((await call('GET', '/api/admin/risk-checks', plain)).status).toBe(403);
    const all = await call('GET', '/api/admin/risk-checks', staff);
    expect(all.json.data.total).toBeGreaterThan(0);
    expect(all.json.data.list[0].user_phone).toMatch(/^\d{3}\*{4}\d+$/);
  });
});

describe('public tool pages', () => {
  it('give each tool page its title and description, and list every tool in the sitemap', async () => {
    const { toolsPublicPages } = await import('./index');
    const pages = toolsPublicPages(t.db);
    const none = new URLSearchParams();
    expect(await pages.meta({ id: 'year-end-bonus' }, none)).toEqual({ title: '全年一次性奖金计税比较', description: expect.stringContaining('单独计税') });
    expect(await pages.meta({ id: 'no-such-tool' }, none)).toBeNull();
    const paths = (await pages.sitemap()).map((p) => p.path);
    expect(paths).toContain('/financeTool/toolInfo/risk-check');
    expect(paths).toHaveLength(12);
  });

  it('a tool page carries its name in the HTML title, and an unknown tool answers 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/financeTool/toolInfo/year-end-bonus' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<title>财务管理协会人才培训平台 - 全年一次性奖金计税比较</title>');
    expect(page.payload).toMatch(/<meta property="og:description" content="[^"]*单独计税/);
    expect((await t.app.inject({ method: 'GET', url: '/financeTool/toolInfo/no-such-tool' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).payload).toContain('/financeTool/toolInfo/year-end-bonus</loc>');
  });
});
