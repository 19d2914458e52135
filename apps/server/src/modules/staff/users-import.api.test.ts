import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { USER_IMPORT_COLUMNS, staffMessages, userImportMessages as m, type UserImportReport } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-05-10T10:00:00+08:00');
  admin = await createUser(t, { staff: true });
});
afterAll(() => t.close());

type Row = [phone?: unknown, name?: unknown, idNumber?: unknown, company?: unknown, memberEnd?: unknown];

async function xlsx(rows: Row[], headers: string[] = USER_IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = '员工名单.xlsx') {
  const boundary = '----usersImportBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(file: Buffer, dryRun: boolean, user = admin) {
  const body = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/import?dry_run=${dryRun}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  return res.json() as { code: number; message: string; data: UserImportReport };
}

const countUsers = async () => (await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`))[0]!.n;

describe('users import', () => {
  it('a dry run reports every bad row by row and column and writes nothing', async () => {
    const taken = await createUser(t);
    const before = await countUsers();
    const file = await xlsx([
      ['13700000001', '王芳', '410102199003071234', '郑州市财政局', '2027-06-30'],
      ['1370000000', '李强'], // bad phone
      ['13700000001', '赵敏'], // same phone as row 2
      [taken.phone, '陈刚'], // registered already
      ['13700000005', '', '12345', '', '2026-02-30'], // no name, bad ID, impossible date
      ['13700000006', '周杰', '', '', '2026-05-10'], // today: not after today
      ['13700000007', '吴静', '', '', '2040-01-01'], // more than 10 years ahead
      [],
      ['13700000008', '郑洁', '41010219900307123x', '', new Date(Date.UTC(2027, 0, 31))],
    ]);
    const res = await upload(file, true);
    expect(res.code).toBe(200);
    expect(res.message).toBe(m.badRows(6));
    expect(res.data).toMatchObject({ dry_run: true, total: 8, valid: 2, bad_rows: 6, imported: 0 });
    expect(res.data.errors).toEqual([
      { row: 3, column: '手机号', message: '手机号格式不正确' },
      { row: 4, column: '手机号', message: m.phoneDuplicateInFile(2) },
      { row: 5, column: '手机号', message: m.phoneRegistered },
      { row: 6, column: '姓名', message: m.realNameRequired },
      { row: 6, column: '身份证号', message: '身份证号格式不正确' },
      { row: 6, column: '会员到期日', message: m.memberEndInvalid },
      { row: 7, column: '会员到期日', message: m.memberEndPast },
      { row: 8, column: '会员到期日', message: m.memberEndTooFar },
    ]);
    expect(await countUsers()).toBe(before);
  });

  it('the real import of a file with a bad row answers 400 with the rows and creates nobody', async () => {
    const before = await countUsers();
    const res = await upload(await xlsx([['13700000011', '孙丽'], ['13700000012', '', '', '', '明年']]), false);
    expect(res.code).toBe(400);
    expect(res.message).toBe(m.badRows(1));
    expect(res.data.errors).toEqual([
      { row: 3, column: '姓名', message: m.realNameRequired },
      { row: 3, column: '会员到期日', message: m.memberEndInvalid },
    ]);
    expect(await countUsers()).toBe(before);
  });

  it('imports a clean file in one go: accounts with name, unit and membership, a welcome message, an audit row; they log in by SMS code', async () => {
    const res = await upload(
      await xlsx([
        [13700000021, '刘洋', '410102198805061231', '河南中原会计师事务所', '2027-06-30'],
        ['137 0000 0022', '黄蕾', '', '河南中原会计师事务所', ''],
      ]),
      false,
    );
    expect(res).toMatchObject({ code: 200, message: m.imported(2), data: { dry_run: false, imported: 2, errors: [] } });
    const [liu] = await rowsOf<{ id: number; real_name: string; company_name: string; id_number: string; member_end_at: string; password_hash: string | null }>(
      t.db,
      sql`SELECT id, real_name, company_name, id_number, member_end_at::text, password_hash FROM users WHERE phone = '13700000021'`,
    );
    expect(liu).toMatchObject({ real_name: '刘洋', company_name: '河南中原会计师事务所', id_number: '410102198805061231', password_hash: null });
    // Member to the end of 30 June 2027, Beijing time.
    expect(new Date(liu!.member_end_at).toISOString()).toBe('2027-06-30T16:00:00.000Z');
    const [huang] = await rowsOf<{ member_end_at: string | null }>(t.db, sql`SELECT member_end_at FROM users WHERE phone = '13700000022'`);
    expect(huang!.member_end_at).toBeNull();
    const welcome = await rowsOf<{ title: string }>(t.db, sql`SELECT title FROM messages WHERE user_id = ${liu!.id}`);
    expect(welcome.map((w) => w.title)).toEqual([m.welcome.title]);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=user.import', headers: admin.headers });
    expect(audit.json().data.list[0].after).toMatchObject({ file: '员工名单.xlsx', imported: 2, members: 1 });

    // The imported account logs in by SMS code (the development outbox holds the code).
    const send = await t.app.inject({ method: 'POST', url: '/api/users/send_msg', payload: { phone: '13700000021', purpose: 'login' } });
    expect(send.json().code).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/sms_outbox?phone=13700000021' });
    const code = /\d{6}/.exec((outbox.json() as { data: { content: string }[] }).data.at(-1)!.content)![0];
    const login = await t.app.inject({ method: 'POST', url: '/api/users/code_login', payload: { phone: '13700000021', code } });
    expect(login.json().code).toBe(200);
    const me = await t.app.inject({ method: 'POST', url: '/api/users/get_current_user', headers: { token: login.json().data.token } });
    expect(me.json().data).toMatchObject({ phone: '13700000021', is_member: true });

    // The same file again: every phone is now registered, nothing is written.
    const again = await upload(await xlsx([[13700000021, '刘洋']]), false);
    expect(again.data.errors).toEqual([{ row: 2, column: '手机号', message: m.phoneRegistered }]);
  });

  it('refuses the template’s example row, a file without the columns, and an unreadable file', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/admin/users/import_template', headers: admin.headers });
    expect(template.statusCode).toBe(200);
    const asIs = await upload(template.rawPayload, true);
    expect(asIs.data.errors).toEqual([{ row: 2, column: '手机号', message: '这是模板中的示例行，请删除后再导入' }]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).note).toBeTruthy();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['用户导入', '填写说明']);

    const noColumns = await upload(await xlsx([['13700000031', '何静']], ['电话', '姓名']), true);
    expect(noColumns.code).toBe(400);
    expect(noColumns.data.errors.map((e) => e.column)).toEqual(['手机号', '身份证号', '单位名称', '会员到期日']);
    const junk = await upload(Buffer.from('不是Excel文件'), true);
    expect(junk).toMatchObject({ code: 400, message: m.fileUnreadable });
  });

  it('answers 403 to roles without 用户管理', async () => {
    const finance = await createUser(t, { staff: ['finance'] });
    const res = await upload(await xlsx([['13700000041', '马超']]), true, finance);
    expect(res).toMatchObject({ code: 403, message: staffMessages.permissionDenied('users') });
    const template = await t.app.inject({ method: 'GET', url: '/api/admin/users/import_template', headers: finance.headers });
    expect(template.json().code).toBe(403);
  });
});
