import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { api, makeExam, registerAndStart } from '../exams/exams.test-support';

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2032-04-10T10:00:00+08:00');
  admin = await createUser(t, { staff: true });
  finance = await createUser(t, { staff: ['finance'] });
  buyer = await createUser(t, { nickname: '学员乙' });
  await t.db.execute(sql`UPDATE users SET real_name = '钱晓东', company_name = '宁波甬江财税咨询有限公司' WHERE id = ${buyer.id}`);
});
afterAll(() => t.close());

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

async function order(no: string, paidAt: string | null, amount = 29800) {
  await t.db.execute(sql`INSERT INTO members_orders (order_no, user_id, product_type, product_id, subject, amount, list_price,
      state, channel, channel_trade_no, created_at, expires_at, paid_at)
    VALUES (${no}, ${buyer.id}, 'member', 1, '年度会员', ${amount}, 29800, ${paidAt ? 'paid' : 'pending'}, 'wechat',
      ${paidAt ? `WX${no}` : null}, '2032-03-01T00:00:00Z', '2032-12-31T00:00:00Z', ${paidAt})`);
}

describe('period exports', () => {
  it('orders: paid orders of the China-time days, in payment order, amounts in yuan', async () => {
    await order('E2032A', '2032-03-31T15:59:59Z'); // 31 March 23:59:59 in China: before the period
    await order('E2032B', '2032-03-31T16:00:00Z', 19800); // 1 April 00:00 in China
    await order('E2032C', '2032-04-02T03:00:00Z');
    await order('E2032D', null); // never paid
    await order('E2032E', '2032-04-02T16:00:00Z'); // 3 April in China: after the period
    await t.db.execute(sql`INSERT INTO members_invoices (user_id, order_id, title_type, title, email, amount, state, requested_at)
      SELECT user_id, id, 'company', '宁波甬江财税咨询有限公司', 'caiwu@yongjiang.cn', amount, 'requested', '2032-04-02T05:00:00Z'
        FROM members_orders WHERE order_no = 'E2032C'`);

    const res = await get('/api/admin/exports/orders?from=2032-04-01&to=2032-04-02', finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('已支付订单');
    expect(rows[0]).toEqual(['订单号', '支付时间', '下单时间', '商品类型', '商品名称', '实付金额（元）', '原价（元）', '支付渠道', '渠道交易号', '手机号', '姓名', '单位', '发票状态']);
    expect(rows.slice(1)).toEqual([
      ['E2032B', '2032-04-01 00:00:00', '2032-03-01 08:00:00', '会员', '年度会员', 198, 298, '微信支付', 'WXE2032B', buyer.phone, '钱晓东', '宁波甬江财税咨询有限公司', '未申请'],
      ['E2032C', '2032-04-02 11:00:00', '2032-03-01 08:00:00', '会员', '年度会员', 298, 298, '微信支付', 'WXE2032C', buyer.phone, '钱晓东', '宁波甬江财税咨询有限公司', '待开具'],
    ]);
  });

  it('invoices: requests of the period with title, tax number and state', async () => {
    const res = await get('/api/admin/exports/invoices?from=2032-04-02&to=2032-04-02', finance);
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('发票申请');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(['申请时间', '订单号', '商品名称', '抬头类型', '发票抬头', '税号', '发票类型', '注册地址', '注册电话', '开户银行', '银行账号', '金额（元）', '接收邮箱', '状态', '开具时间', '驳回原因', '申请人手机号']);
    expect(rows[1]).toEqual(['2032-04-02 13:00:00', 'E2032C', '年度会员', '企业', '宁波甬江财税咨询有限公司', undefined, '增值税电子普通发票', undefined, undefined, undefined, undefined, 298, 'caiwu@yongjiang.cn', '待开具', undefined, undefined, buyer.phone]);
  });

  it('invoices: a special invoice carries its registered address and phone, bank and account (as text)', async () => {
    await order('E2032S', '2032-04-03T02:00:00Z');
    await t.db.execute(sql`INSERT INTO members_invoices (user_id, order_id, title_type, title, tax_no, invoice_kind, reg_address, reg_phone,
        bank_name, bank_account, email, amount, state, requested_at)
      SELECT user_id, id, 'company', '宁波甬江财税咨询有限公司', '91330200MA2AB1CD2X', 'special', '宁波市鄞州区天童南路588号',
        '0574-87654321', '中国银行宁波鄞州支行', '35845812345678901234', 'caiwu@yongjiang.cn', amount, 'requested', '2032-04-03T03:00:00Z'
        FROM members_orders WHERE order_no = 'E2032S'`);
    const res = await get('/api/admin/exports/invoices?from=2032-04-03&to=2032-04-03', finance);
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(3, 11)).toEqual(['企业', '宁波甬江财税咨询有限公司', '91330200MA2AB1CD2X', '增值税专用发票', '宁波市鄞州区天童南路588号', '0574-87654321', '中国银行宁波鄞州支行', '35845812345678901234']);
  });

  it('exam results: one row per handed-in attempt of the period, with score and pass', async () => {
    const fx = await makeExam(t);
    const attempt = await registerAndStart(t, buyer, fx);
    const submitted = await api(t, 'POST', `/api/exam_attempts/${attempt.id}/submit`, buyer);
    expect(submitted.code, submitted.message).toBe(200);

    const res = await get('/api/admin/exports/exam_results?from=2032-04-10&to=2032-04-10', admin);
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('考试成绩');
    expect(rows[0]).toEqual(['交卷时间', '考试', '级别', '场次', '第几次作答', '手机号', '姓名', '身份证号', '单位', '状态', '得分', '满分', '及格分', '是否通过', '证书编号']);
    const mine = rows.filter((r) => r[5] === buyer.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ 0: '2032-04-10 10:00:00', 4: 1, 6: '钱晓东', 9: '已出分', 10: 0, 13: '未通过' });
    const none = await get('/api/admin/exports/exam_results?from=2032-04-11&to=2032-04-11', admin);
    expect((await sheetOf(none.rawPayload)).rows).toHaveLength(1);
  });

  it('refuses a bad period in Chinese and roles without the permission with 403', async () => {
    const reversed = await get('/api/admin/exports/orders?from=2032-04-02&to=2032-04-01', finance);
    expect(JSON.stringify(reversed.json())).toContain(staffMessages.exportPeriodOrder);
    const tooLong = await get('/api/admin/exports/orders?from=2031-01-01&to=2032-04-01', finance);
    expect(JSON.stringify(tooLong.json())).toContain(staffMessages.exportPeriodTooLong);
    const missing = await get('/api/admin/exports/invoices', finance);
    expect(JSON.stringify(missing.json())).toContain(staffMessages.exportPeriodInvalid);

    const editor = await createUser(t, { staff: ['editor'] });
    expect((await get('/api/admin/exports/orders?from=2032-04-01&to=2032-04-02', editor)).json()).toMatchObject({
      code: 403,
      message: staffMessages.permissionDenied('orders'),
    });
    expect((await get('/api/admin/exports/invoices?from=2032-04-01&to=2032-04-02', editor)).json().code).toBe(403);
    // 财务 has no 题库与考试: exam results are refused.
    expect((await get('/api/admin/exports/exam_results?from=2032-04-01&to=2032-04-02', finance)).json()).toMatchObject({
      code: 403,
      message: staffMessages.permissionDenied('exams'),
    });
  });
});
