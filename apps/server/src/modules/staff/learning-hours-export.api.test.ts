import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';

let t: TestApp;
let finance: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  finance = await createUser(t, { staff: ['finance'] });
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

describe('learning-hours export', () => {
  it('gives 财务 one row per learner with the year’s hours (China-time days), the name and ID number', async () => {
    const learner = await createUser(t, { nickname: '学员甲' });
    await t.db.execute(
      sql`UPDATE users SET real_name = '王小明', id_number = '110101199003071234' WHERE id = ${learner.id}`,
    );
    await t.db.execute(sql`INSERT INTO learning_daily_seconds (user_id, day, seconds) VALUES
      (${learner.id}, '2031-01-01', 3600), (${learner.id}, '2031-12-31', 1800), (${learner.id}, '2032-01-01', 999)`);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/learning_hours?year=2031',
      headers: finance.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('2031年学习时长');
    expect(rows[0]).toEqual([
      '手机号',
      '姓名',
      '身份证号',
      '单位',
      '学习时长（小时）',
      '学习时长（分钟）',
      '完成课程（门）',
    ]);
    const mine = rows.find((r) => r[0] === learner.phone);
    // 1 h on 1 January and 30 min on 31 December; 1 January of the next year is not counted; no unit: an empty cell.
    expect(mine).toEqual([learner.phone, '王小明', '110101199003071234', undefined, 1.5, 90, 0]);
  });

  it('refuses a missing year with the Chinese message, and a role without 数据导出 with 403', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/learning_hours',
      headers: finance.headers,
    });
    expect(JSON.stringify(bad.json())).toContain(staffMessages.exportYearInvalid);
    const editor = await createUser(t, { staff: ['editor'] });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/learning_hours?year=2031',
      headers: editor.headers,
    });
    expect(refused.json()).toMatchObject({ code: 403, message: staffMessages.permissionDenied('reports') });
  });
});
