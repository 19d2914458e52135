import type { ToolResult } from '@app/contracts/tools/tools.types';

const NUMBER_RE = /^-?[\d,]+\.\d{2}$/;
/** "1,234.56" -> 1234.56 so the sheet can sum it; other text as is. */
export function cellValue(s: string): string | number {
  return NUMBER_RE.test(s) ? Number(s.replace(/,/g, '')) : s;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string, used: Set<string>): string {
  let base = title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 28) || '表';
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base.slice(0, 26)}(${i})`;
  used.add(name);
  base = name;
  return base;
}

/**
 * The result as an .xlsx workbook built in the browser: a summary sheet (inputs, results, working, legal basis)
 * and one sheet per table. exceljs is loaded only when the user exports.
 */
export async function resultWorkbook(toolName: string, inputs: { label: string; value: string }[], result: ToolResult): Promise<Blob> {
  const buf = await resultWorkbookBytes(toolName, inputs, result);
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The .xlsx bytes of resultWorkbook. */
export async function resultWorkbookBytes(toolName: string, inputs: { label: string; value: string }[], result: ToolResult): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = '财务人才服务平台';
  const used = new Set<string>();
  const main = wb.addWorksheet(sheetName('计算结果', used));
  main.columns = [{ width: 36 }, { width: 60 }];
  main.addRow([toolName]).font = { bold: true, size: 14 };
  if (result.taxYear !== null) main.addRow(['税收规则年度', `${result.taxYear}年`]);
  main.addRow([]);
  main.addRow(['输入']).font = { bold: true };
  for (const i of inputs) main.addRow([i.label, cellValue(i.value)]);
  main.addRow([]);
  main.addRow(['结果']).font = { bold: true };
  for (const s of result.summary) main.addRow([s.label, s.value]);
  main.addRow([]);
  main.addRow(['计算过程']).font = { bold: true };
  result.steps.forEach((s, i) => main.addRow([`${i + 1}`, s.rule ? `${s.text}（依据：${s.rule}）` : s.text]));
  if (result.basis.length) {
    main.addRow([]);
    main.addRow(['政策依据']).font = { bold: true };
    for (const b of result.basis) main.addRow([b.number, b.title]);
  }
  for (const t of result.tables) {
    const ws = wb.addWorksheet(sheetName(t.title, used));
    ws.addRow(t.columns).font = { bold: true };
    for (const row of t.rows) ws.addRow(row.map(cellValue));
    ws.columns.forEach((c) => (c.width = 16));
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Plain text of the result for the clipboard. */
export function resultText(toolName: string, result: ToolResult, url: string): string {
  const lines = [toolName];
  if (result.taxYear !== null) lines.push(`税收规则年度：${result.taxYear}年`);
  for (const s of result.summary) lines.push(`${s.label}：${s.value}`);
  lines.push('计算过程：');
  result.steps.forEach((s, i) => lines.push(`${i + 1}. ${s.text}${s.rule ? `（${s.rule}）` : ''}`));
  if (result.basis.length) lines.push(`政策依据：${result.basis.map((b) => `${b.title}（${b.number}）`).join('；')}`);
  lines.push(url);
  return lines.join('\n');
}
