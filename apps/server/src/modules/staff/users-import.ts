import {
  ID_CARD_REGEX,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_COMPANY_MAX,
  USER_IMPORT_MAX_ERRORS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_MEMBER_MAX_DAYS,
  USER_IMPORT_NAME_MAX,
  phoneSchema,
  ruleMessages,
  userImportMessages as m,
  type UserImportColumnKey,
  type UserImportError,
  type UserImportReport,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cellText, readWorkbook } from '../../lib/workbook-guard';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { accountImports } from '../users';
import { loadExcelJS } from '../../lib/exceljs';

/** The template's example row; a file still carrying it is refused, so the example never becomes an account. */
export const EXAMPLE_ROW = {
  phone: '13900000000',
  real_name: '张晓明',
  id_number: '410102199001011234',
  company_name: '河南中原会计师事务所有限公司',
  member_end: '2027-06-30',
} as const satisfies Record<UserImportColumnKey, string>;
const EXAMPLE_MESSAGE = '这是模板中的示例行，请删除后再导入';

const header = (key: UserImportColumnKey) => USER_IMPORT_COLUMNS.find((c) => c.key === key)!.header;

/** A calendar date written as 2027-06-30, 2027/6/30 or 2027.6.30 (or an Excel date cell), as YYYY-MM-DD. */
function parseDay(text: string): string | null {
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!match) return null;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

interface GoodRow {
  row: number;
  phone: string;
  realName: string;
  idNumber: string | null;
  companyName: string | null;
  memberEndAt: Date | null;
}

/** Reads and checks the whole file; every bad cell is reported, by sheet row and column header. */
async function checkFile(db: Db, file: Buffer, now: Date) {
  const [ws] = await readWorkbook(file, { unreadable: m.fileUnreadable });
  if (!ws) throw AppError.badRequest(m.fileUnreadable);
  const colOf = new Map<string, number>();
  for (const [col, value] of ws.cells(1)) {
    const column = USER_IMPORT_COLUMNS.find((c) => c.header === cellText(value).replace(/[*＊\s]/g, ''));
    if (column) colOf.set(column.key, col);
  }
  const missing = USER_IMPORT_COLUMNS.filter((c) => !colOf.has(c.key));
  if (missing.length) {
    const errors = missing.map((c) => ({ row: 1, column: c.header, message: m.columnMissing }));
    throw new AppError(400, m.fileUnreadable, report(false, 0, errors, 1, 0));
  }

  const today = chinaDay(now);
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + USER_IMPORT_MEMBER_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
  const errors: UserImportError[] = [];
  const good: GoodRow[] = [];
  const firstRowOfPhone = new Map<string, number>();
  let total = 0;
  for (let r = 2; r <= ws.rowCount; r++) {
    const cells = Object.fromEntries(
      USER_IMPORT_COLUMNS.map((c) => [c.key, cellText(ws.value(r, colOf.get(c.key)!)).trim()]),
    ) as Record<UserImportColumnKey, string>;
    if (Object.values(cells).every((v) => v === '')) continue;
    total++;
    if (total > USER_IMPORT_MAX_ROWS) throw AppError.badRequest(m.tooMany);
    const bad = (key: UserImportColumnKey, message: string) => errors.push({ row: r, column: header(key), message });
    const before = errors.length;

    const phone = cells.phone.replace(/[\s-]/g, '');
    const phoneCheck = phoneSchema.safeParse(phone);
    if (phone === EXAMPLE_ROW.phone) bad('phone', EXAMPLE_MESSAGE);
    else if (!phoneCheck.success) bad('phone', phoneCheck.error.issues[0]!.message);
    else if (firstRowOfPhone.has(phone)) bad('phone', m.phoneDuplicateInFile(firstRowOfPhone.get(phone)!));
    else firstRowOfPhone.set(phone, r);

    if (!cells.real_name) bad('real_name', m.realNameRequired);
    else if ([...cells.real_name].length > USER_IMPORT_NAME_MAX) bad('real_name', m.realNameTooLong);

    const idNumber = cells.id_number.toUpperCase();
    if (idNumber && !ID_CARD_REGEX.test(idNumber)) bad('id_number', ruleMessages.idCardInvalid);

    if ([...cells.company_name].length > USER_IMPORT_COMPANY_MAX) bad('company_name', m.companyTooLong);

    let memberEndAt: Date | null = null;
    if (cells.member_end) {
      const day = parseDay(cells.member_end);
      if (!day) bad('member_end', m.memberEndInvalid);
      else if (day <= today) bad('member_end', m.memberEndPast);
      else if (day > latest) bad('member_end', m.memberEndTooFar);
      // Member to the end of that China-time day.
      else memberEndAt = new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000);
    }

    if (errors.length === before)
      good.push({
        row: r,
        phone,
        realName: cells.real_name,
        idNumber: idNumber || null,
        companyName: cells.company_name || null,
        memberEndAt,
      });
  }
  if (total === 0) throw AppError.badRequest(m.empty);

  // Phones already registered: one query for the whole file.
  const taken = await accountImports.existingPhones(db, [...firstRowOfPhone.keys()]);
  for (const [phone, row] of firstRowOfPhone)
    if (taken.has(phone)) errors.push({ row, column: header('phone'), message: m.phoneRegistered });
  const order = new Map(USER_IMPORT_COLUMNS.map((c, i) => [c.header as string, i]));
  errors.sort((a, b) => a.row - b.row || order.get(a.column)! - order.get(b.column)!);
  const badRows = new Set(errors.map((e) => e.row));
  return { total, errors, badRows, good: good.filter((g) => !badRows.has(g.row)) };
}

function report(dryRun: boolean, total: number, errors: UserImportError[], badRows: number, imported: number): UserImportReport {
  return {
    dry_run: dryRun,
    total,
    valid: total - badRows,
    bad_rows: badRows,
    errors: errors.slice(0, USER_IMPORT_MAX_ERRORS),
    imported,
  };
}

/**
 * The staff users import (a company's employees, with membership). A dry run checks the file and writes nothing; the
 * real import checks it again and, only when every row is good, creates all accounts, their welcome messages and the
 * audit row in one transaction. Accounts get no password: they log in by SMS code (docs/decisions.md).
 */
export function createUsersImport(deps: { db: Db; clock: Clock; audit: AuditTrail; messages: MessagesService }) {
  const { db, clock, audit, messages } = deps;
  return async function importUsers(
    actor: StaffActor,
    file: Buffer,
    opts: { dryRun: boolean; fileName: string },
  ): Promise<UserImportReport> {
    const now = clock.now();
    const checked = await checkFile(db, file, now);
    const bad = checked.badRows.size;
    if (opts.dryRun) return report(true, checked.total, checked.errors, bad, 0);
    if (bad) throw new AppError(400, m.badRows(bad), report(false, checked.total, checked.errors, bad, 0));

    return db.transaction(async (tx) => {
      const { ids, taken } = await accountImports.createImported(tx, checked.good, now);
      if (taken.length) {
        // Registered between the check and the write: refuse the whole file (the transaction rolls back).
        const takenSet = new Set(taken);
        const errors = checked.good
          .filter((g) => takenSet.has(g.phone))
          .map((g) => ({ row: g.row, column: header('phone'), message: m.phoneRegistered }));
        throw new AppError(400, m.badRows(errors.length), report(false, checked.total, errors, errors.length, 0));
      }
      const companies = new Map<string | null, number[]>();
      checked.good.forEach((g, i) => companies.set(g.companyName, [...(companies.get(g.companyName) ?? []), ids[i]!]));
      for (const [company, userIds] of companies)
        await messages.sendMany(userIds, m.welcome.title, m.welcome.content(company), tx);
      await audit.record(tx, actor, {
        action: 'user.import',
        entity: 'user',
        entityId: null,
        before: null,
        after: {
          file: opts.fileName,
          imported: ids.length,
          members: checked.good.filter((g) => g.memberEndAt).length,
          user_ids: ids,
        },
      });
      return report(false, checked.total, [], 0, ids.length);
    });
  };
}

/** The import template: header row with a note on each column, the example row, and a 填写说明 sheet. */
export async function usersImportTemplate(): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.columns = USER_IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === 'company_name' ? 32 : c.key === 'id_number' ? 22 : 16,
    // Text columns, so Excel keeps a phone or an ID number as typed (no 1.39E+10, no lost trailing digits).
    style: c.key === 'member_end' ? {} : { numFmt: '@' },
  }));
  USER_IMPORT_COLUMNS.forEach((c, i) => {
    ws.getRow(1).getCell(i + 1).note = c.note;
  });
  ws.getRow(1).font = { bold: true };
  ws.addRow(EXAMPLE_ROW);
  ws.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', key: 'header', width: 14 },
    { header: '填写说明', key: 'note', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of USER_IMPORT_COLUMNS) help.addRow({ header: c.header, note: c.note });
  help.addRow({ header: '示例行', note: `第2行（手机号 ${EXAMPLE_ROW.phone}）是示例，导入前请删除，否则该行会被提示错误。` });
  help.addRow({ header: '登录方式', note: '导入的账号没有密码：用户在登录页选择「验证码登录」，用本手机号接收短信验证码即可登录，之后可在「账号设置」中设置密码。' });
  help.addRow({ header: '数量', note: `一次最多导入${USER_IMPORT_MAX_ROWS}位用户；任何一行有错误时，整个文件都不会导入。` });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
