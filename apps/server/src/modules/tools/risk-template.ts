/**
 * The platform's Excel template for the risk check (exceljs): writing it (with a demo company's figures as the
 * example) and reading an uploaded one back, with errors by Excel row and column.
 */
import ExcelJS from 'exceljs';
import { RISK_LINES, RISK_TEMPLATE as T, type RiskLineKey } from '@app/contracts/tools/tools.rules';
import type { RiskTemplateData, SheetError } from '@app/contracts';
import { DEMO_RISK_INPUT } from './seed/demo-statements';

const yuanText = (fen: number) => (fen / 100).toFixed(2);

export async function buildTemplate(): Promise<Buffer> {
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
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object' && 'result' in v) {
    const r = (v as { result?: unknown }).result;
    return typeof r === 'number' ? String(Math.round(r * 1e6) / 1e6) : String(r ?? '').trim();
  }
  if (typeof v === 'object' && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('').trim();
  return String(cell.text ?? '').trim();
}

export type TemplateRead = { ok: true; data: RiskTemplateData } | { ok: false; errors: SheetError[] } | { ok: false; unreadable: true } | { ok: false; sheetMissing: true };

export async function readTemplate(content: Buffer): Promise<TemplateRead> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return { ok: false, unreadable: true };
  }
  const ws = wb.getWorksheet(T.sheetName);
  if (!ws) return { ok: false, sheetMissing: true };
  const errors: SheetError[] = [];
  const header = ws.getRow(T.headerRow);
  if (cellText(header.getCell(2)) !== T.priorHeader) errors.push({ row: T.headerRow, column: T.priorColumn, message: `表头应为“${T.priorHeader}”` });
  if (cellText(header.getCell(3)) !== T.currentHeader) errors.push({ row: T.headerRow, column: T.currentColumn, message: `表头应为“${T.currentHeader}”` });
  const prior: Record<string, string> = {};
  const current: Record<string, string> = {};
  RISK_LINES.forEach((l, i) => {
    const rowNo = T.firstLineRow + i;
    const row = ws.getRow(rowNo);
    const label = cellText(row.getCell(1));
    if (label !== l.label) {
      errors.push({ row: rowNo, column: 'A', message: label ? `第${rowNo}行项目应为“${l.label}”，实际为“${label}”` : `第${rowNo}行缺少项目“${l.label}”` });
      return;
    }
    prior[l.key as RiskLineKey] = cellText(row.getCell(2));
    current[l.key as RiskLineKey] = cellText(row.getCell(3));
  });
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    data: { company_name: cellText(ws.getCell(T.companyCell)), industry_tax_rate: cellText(ws.getCell(T.industryRateCell)), prior, current },
  };
}

/** Excel row of a statement line (for the per-cell messages of an uploaded sheet). */
export function rowOfLine(key: RiskLineKey): number {
  return T.firstLineRow + RISK_LINES.findIndex((l) => l.key === key);
}
