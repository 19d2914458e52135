import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createUser } from '../testing/test-users';
import { workbookBomb } from '../testing/workbooks';
import { AppError } from './app-error';
import {
  cellText,
  closeWorkbookGuard,
  guardWorkbook,
  readWorkbook,
  WORKBOOK_LIMITS,
  workbookMessages,
} from './workbook-guard';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function sheetWith(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

afterAll(() => closeWorkbookGuard());

describe('guardWorkbook', () => {
  it('passes an ordinary workbook', async () => {
    await expect(
      guardWorkbook(
        await sheetWith([
          ['项目', '上期', '本期'],
          ['营业收入', '1', '2'],
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a 200 MB sheet from its declared size, and one that understates its size while it inflates', async () => {
    const honest = workbookBomb();
    expect(honest.length).toBeGreaterThan(500 * 1024);
    expect(honest.length).toBeLessThan(700 * 1024);
    const err = await rejection(guardWorkbook(honest));
    expect(err.code).toBe(413);
    expect(err.message).toBe(workbookMessages.uncompressed(50));
    const liar = await rejection(guardWorkbook(workbookBomb({ declaredSize: 4096 })));
    expect([400, 413]).toContain(liar.code);
  });

  it('refuses too many rows, too many columns and a too long cell, naming the limit', async () => {
    const limits = { ...WORKBOOK_LIMITS, maxRows: 5, maxColumns: 3, maxCellBytes: 30 };
    const rows = await rejection(
      guardWorkbook(await sheetWith(Array.from({ length: 10 }, () => ['a'])), { limits }),
    );
    expect([rows.code, rows.message]).toEqual([422, workbookMessages.rows(5)]);
    const cols = await rejection(guardWorkbook(await sheetWith([['a', 'b', 'c', 'd']]), { limits }));
    expect([cols.code, cols.message]).toEqual([422, workbookMessages.columns(3)]);
    const cell = await rejection(guardWorkbook(await sheetWith([['长'.repeat(20)]]), { limits }));
    expect([cell.code, cell.message]).toEqual([422, workbookMessages.cell(10)]);
  });

  it('answers the route message for a file that is not a zip', async () => {
    const err = await rejection(guardWorkbook(Buffer.from('not a workbook'), { unreadable: '读不了' }));
    expect([err.code, err.message]).toEqual([400, '读不了']);
  });
});

describe('POST /api/risk-checks/template with a workbook bomb', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  it('answers the limit error while 50 concurrent health checks all answer', async () => {
    const u = await createUser(t);
    const form = new FormData();
    form.append('file', new Blob([workbookBomb()]), 'bomb.xlsx');
    const started = Date.now();
    const upload = fetch(`${base}/api/risk-checks/template`, {
      method: 'POST',
      headers: { token: u.token },
      body: form,
    });
    const health = Array.from({ length: 50 }, async () => {
      const t0 = Date.now();
      const res = await fetch(`${base}/api/healthz`);
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - t0 };
    });
    const res = await upload;
    const body = (await res.json()) as { code: number; message: string };
    const uploadMs = Date.now() - started;
    const checks = await Promise.all(health);
    expect([res.status, body.code, body.message]).toEqual([413, 413, workbookMessages.uncompressed(50)]);
    expect(checks.map((c) => c.status)).toEqual(Array(50).fill(200));
    // Timings depend on the machine's load; they are reported, not asserted.
    console.info(
      `workbook bomb answered in ${uploadMs} ms; slowest healthz ${Math.max(...checks.map((c) => c.ms))} ms`,
    );
  });
});

describe('readWorkbook', () => {
  it('reads every sheet in the worker: text, numbers, dates, rich text, links and formula results by row and column', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['手机号', '姓名', '会员到期日']);
    ws.addRow([13800138000, '张三', new Date(Date.UTC(2027, 5, 30))]);
    ws.getCell('B3').value = { richText: [{ text: '李' }, { text: '四' }] };
    ws.getCell('C3').value = { formula: '0.1+0.2', result: 0.30000000000000004 };
    ws.getCell('D4').value = { text: '政策原文', hyperlink: 'https://www.chinatax.gov.cn/' };
    wb.addWorksheet('说明').addRow(['请勿修改表头']);
    const sheets = await readWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));

    expect(sheets.map((s) => s.name)).toEqual(['用户', '说明']);
    const [users] = sheets;
    expect(users!.rowCount).toBe(4);
    expect(users!.cells(1).map(([col, v]) => [col, cellText(v)])).toEqual([
      [1, '手机号'],
      [2, '姓名'],
      [3, '会员到期日'],
    ]);
    expect(cellText(users!.value(2, 1))).toBe('13800138000');
    expect(cellText(users!.value(2, 3))).toBe('2027-06-30');
    expect(cellText(users!.valueAt('B3'))).toBe('李四');
    expect(cellText(users!.valueAt('C3'))).toBe('0.3');
    expect(cellText(users!.valueAt('D4'))).toBe('政策原文');
    expect(users!.value(9, 9)).toBeNull();
    expect(cellText(sheets[1]!.valueAt('A1'))).toBe('请勿修改表头');
  });

  it('refuses a workbook over a limit with the same error as the guard, before exceljs reads it', async () => {
    const err = await rejection(readWorkbook(workbookBomb()));
    expect(err.code).toBe(413);
    expect(err.message).toBe(workbookMessages.uncompressed(50));
  });
});
