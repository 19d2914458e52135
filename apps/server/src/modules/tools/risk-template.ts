/**
 * The platform's Excel template for the risk check (exceljs): writing it (with a demo company's figures as the
 * example) and reading an uploaded one back, with errors by Excel row and column.
 */
import { RISK_LINES, RISK_TEMPLATE as T, type RiskLineKey } from '@app/contracts/tools/tools.rules';
import type { RiskTemplateData, SheetError } from '@app/contracts';
import { cellText, readWorkbook, type CellValue } from '../../lib/workbook-guard';
import { DEMO_RISK_INPUT } from './seed/demo-statements';
import { loadExcelJS } from '../../lib/exceljs';

const yuanText = (fen: number) => (fen / 100).toFixed(2);

export async function buildTemplate(): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  wb.creator = '财务人才服务平台';
  const ws = wb.addWorksheet(T.sheetName);
  ws.columns = [{ width: 30 }, { width: 22 }, { width: 22 }, { width: 16 }];
  ws.getCell('A1').value = '企业名称';
  ws.getCell(T.companyCell).value = DEMO_RISK_INPUT.companyName;
  ws.getCell('C1').value = '行业平均税负率（%）';
  ws.getCell(T.industryRateCell).value = DEMO_RISK_INPUT.industryTaxRatePct ?? '';
  const header = ws.getRow(T.headerRow);
  header.values = ['项目', T.priorHeader, T.currentHeader];
  header.font = { bold: true };
  RISK_LINES.forEach((l, i) => {
    const row = ws.getRow(T.firstLineRow + i);
    row.values = [l.label, Number(yuanText(DEMO_RISK_INPUT.prior[l.key])), Number(yuanText(DEMO_RISK_INPUT.current[l.key]))];
    row.getCell(2).numFmt = '#,##0.00';
    row.getCell(3).numFmt = '#,##0.00';
  });
  const note = ws.getRow(T.firstLineRow + RISK_LINES.length + 1);
  note.values = ['说明：金额单位为元，最多两位小数；请勿修改A列项目名称与行顺序。示例数据为演示企业，请替换为本企业数据。'];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell as the text a user meant: numbers without float noise, formulas by their result. */
/** A cell's text, trimmed. */
const textOf = (value: CellValue) => cellText(value).trim();

export type TemplateRead = { ok: true; data: RiskTemplateData } | { ok: false; errors: SheetError[] } | { ok: false; sheetMissing: true };

/** The filled template, read by the workbook worker (limits, then exceljs, off the event loop). */
export async function readTemplate(content: Buffer, unreadable: string): Promise<TemplateRead> {
  const sheets = await readWorkbook(content, { unreadable });
  const ws = sheets.find((s) => s.name === T.sheetName);
  if (!ws) return { ok: false, sheetMissing: true };
  const errors: SheetError[] = [];
  if (textOf(ws.value(T.headerRow, 2)) !== T.priorHeader) errors.push({ row: T.headerRow, column: T.priorColumn, message: `表头应为“${T.priorHeader}”` });
  if (textOf(ws.value(T.headerRow, 3)) !== T.currentHeader) errors.push({ row: T.headerRow, column: T.currentColumn, message: `表头应为“${T.currentHeader}”` });
  const prior: Record<string, string> = {};
  const current: Record<string, string> = {};
  RISK_LINES.forEach((l, i) => {
    const rowNo = T.firstLineRow + i;
    const label = textOf(ws.value(rowNo, 1));
    if (label !== l.label) {
      errors.push({ row: rowNo, column: 'A', message: label ? `第${rowNo}行项目应为“${l.label}”，实际为“${label}”` : `第${rowNo}行缺少项目“${l.label}”` });
      return;
    }
    prior[l.key as RiskLineKey] = textOf(ws.value(rowNo, 2));
    current[l.key as RiskLineKey] = textOf(ws.value(rowNo, 3));
  });
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    data: { company_name: textOf(ws.valueAt(T.companyCell)), industry_tax_rate: textOf(ws.valueAt(T.industryRateCell)), prior, current },
  };
}

/** Excel row of a statement line (for the per-cell messages of an uploaded sheet). */
export function rowOfLine(key: RiskLineKey): number {
  return T.firstLineRow + RISK_LINES.findIndex((l) => l.key === key);
}
