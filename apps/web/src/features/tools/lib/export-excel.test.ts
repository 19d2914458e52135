import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { calculatorById, valuesFor } from '@app/contracts/tools/tools.catalog';
import { cellValue, resultText, resultWorkbookBytes, sheetName } from './export-excel';

describe('Excel export', () => {
  it('turns amounts into numbers and keeps other text', () => {
    expect(cellValue('1,234.56')).toBe(1234.56);
    expect(cellValue('-0.05')).toBe(-0.05);
    expect(cellValue('3%')).toBe('3%');
    expect(cellValue('第1年')).toBe('第1年');
  });

  it('makes sheet names Excel accepts: short, without reserved characters, unique', () => {
    const used = new Set<string>();
    expect(sheetName('现金流/分析', used)).toBe('现金流 分析');
    expect(sheetName('现金流/分析', used)).toBe('现金流 分析(2)');
    expect(sheetName('一'.repeat(40), used).length).toBeLessThanOrEqual(31);
  });

  it('writes the summary, working and legal basis, and one sheet per table', async () => {
    const tool = calculatorById('year-end-bonus')!;
    const out = tool.compute(valuesFor(tool, {}), new Date('2026-05-01T00:00:00Z'));
    if (!out.ok) throw new Error('default inputs should compute');
    const bytes = await resultWorkbookBytes(tool.name, [{ label: '全年一次性奖金（元）', value: '36000' }], out.result);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['计算结果', '两种方式对比']);
    const texts = wb.worksheets[0]!.getSheetValues().flat().map(String);
    expect(texts).toContain('政策依据');
    expect(texts).toContain('财政部 税务总局公告2023年第30号');
    expect(wb.worksheets[1]!.getRow(2).getCell(1).value).toBe('单独计税');
  });

  it('copies a plain-text result with the shareable address', () => {
    const tool = calculatorById('vat')!;
    const out = tool.compute(valuesFor(tool, {}), new Date('2026-05-01T00:00:00Z'));
    if (!out.ok) throw new Error('default inputs should compute');
    const text = resultText(tool.name, out.result, 'http://x/financeTool/toolInfo/vat?amount=113000');
    expect(text).toContain('增值税额：13,000.00 元');
    expect(text.endsWith('http://x/financeTool/toolInfo/vat?amount=113000')).toBe(true);
  });
});
