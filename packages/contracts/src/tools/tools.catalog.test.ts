import { describe, expect, it } from 'vitest';
import { CALCULATORS, calculatorById, searchTools, valuesFor } from './tools.catalog';

const today = new Date('2026-06-15T00:00:00Z');
const run = (id: string, given: Record<string, string> = {}) => {
  const tool = calculatorById(id)!;
  return tool.compute(valuesFor(tool, given), today);
};
const summaryOf = (id: string, given: Record<string, string> = {}) => {
  const out = run(id, given);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return Object.fromEntries(out.result.summary.map((s) => [s.label, s.value]));
};

describe('every calculator', () => {
  it('computes its default inputs with a result, working, and (for tax tools) the tax year and legal basis', () => {
    for (const tool of CALCULATORS) {
      const out = tool.compute(valuesFor(tool, {}), today);
      expect(out.ok, tool.id).toBe(true);
      if (!out.ok) continue;
      expect(out.result.steps.length, tool.id).toBeGreaterThan(1);
      expect(out.result.tables[0]!.rows.length, tool.id).toBeGreaterThan(0);
      if (out.result.taxYear !== null) expect(out.result.basis.length, tool.id).toBeGreaterThan(0);
    }
  });

  it('warns when today is past the last tax year the rules know', () => {
    const tool = calculatorById('vat')!;
    const out = tool.compute(valuesFor(tool, {}), new Date('2031-03-01T00:00:00Z'));
    expect(out.ok && out.result.notes[0]).toContain('超出本工具所掌握的最新税收规则年度');
  });
});

describe('known cases through the string inputs', () => {
  it('salary: 30,000 a month with 4,500 social insurance and 2,000 of deductions withholds 555 in January', () => {
    const out = run('iit-salary', { wage: '30000', social: '4500', children: '1', childrenShare: '50', elderly: 'shared', elderlyShared: '1000' });
    expect(out.ok && out.result.tables[0]!.rows.slice(0, 3).map((r) => r[11])).toEqual(['555.00', '625.00', '1,850.00']);
  });

  it('salary: a professional certificate obtained in March deducts 3,600 once, in March', () => {
    const out = run('iit-salary', { wage: '10000', social: '0', certificate: '3' });
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    const cumSpecial = out.result.tables[0]!.rows.map((r) => r[5]);
    expect(cumSpecial.slice(0, 4)).toEqual(['0.00', '0.00', '3,600.00', '3,600.00']);
    const late = run('iit-salary', { start: '6', certificate: '3' });
    expect(!late.ok && late.errors.certificate).toBe('取得证书的月份不能早于起始月份（6月）');
  });

  it('bonus: 36,000 taxed separately is 1,080 and the policy runs to 2027-12-31', () => {
    const s = summaryOf('year-end-bonus', { bonus: '36000', wages: '600000', social: '0', special: '0' });
    expect(s['单独计税政策执行至']).toBe('2027-12-31');
    const out = run('year-end-bonus', { bonus: '36000', wages: '600000', social: '0', special: '0' });
    expect(out.ok && out.result.tables[0]!.rows[0]![4]).toBe('1,080.00');
  });

  it('corporate tax: 2,000,000 for a qualifying small enterprise is 100,000', () => {
    expect(summaryOf('corporate-tax')['应纳企业所得税']).toBe('100,000.00 元');
  });

  it('VAT: 113,000 including 13% holds 13,000 of tax', () => {
    expect(summaryOf('vat')['增值税额']).toBe('13,000.00 元');
  });

  it('loan: 1,000,000 over 360 months at 4.9% repays 5,307.27 a month', () => {
    expect(summaryOf('loan', { rate: '4.9' })['每月还款']).toBe('5,307.27 元');
  });

  it('depreciation: double declining balance first year 40,000', () => {
    expect(summaryOf('depreciation')['首年折旧额']).toBe('40,000.00 元');
  });
});

describe('bad input gets a Chinese message next to the field and no result', () => {
  it.each([
    ['iit-salary', { wage: '-1' }, 'wage', '每月税前工资不能为负数'],
    ['iit-salary', { wage: 'abc' }, 'wage', '每月税前工资必须是数字'],
    ['iit-salary', { wage: '100.123' }, 'wage', '每月税前工资最多保留两位小数'],
    ['iit-salary', { start: '13' }, 'start', '起始月份应在1至12之间'],
    ['iit-salary', { elderly: 'shared', elderlyShared: '2000' }, 'elderlyShared', '非独生子女每人每月分摊的赡养老人扣除不能超过1,500元'],
    ['iit-annual', { pension: '12000.01' }, 'pension', '个人养老金每年扣除不能超过12,000.00元'],
    ['loan', { months: '0' }, 'months', '贷款期限必须大于0'],
    ['loan', { principal: '100000', months: '12', prepay: 'yes', prepayAfter: '6', prepayAmount: '90000' }, 'prepayAmount', '提前还款金额不能超过第6期后的剩余本金50,386.97元'],
    ['investment', { flows: '100,200,300' }, 'flows', '现金流没有正负变化（需要至少一笔流出和一笔流入），不存在内部收益率'],
    ['social-insurance', { fund: '15' }, 'fund', '住房公积金缴存比例不能超过12%'],
  ])('%s %j -> %s', (id, given, field, message) => {
    const out = run(id, given as Record<string, string>);
    expect(out.ok).toBe(false);
    expect(!out.ok && out.errors[field]).toBe(message);
  });
});

describe('tool search', () => {
  it('finds tools by keyword and group', () => {
    expect(searchTools('年终奖').map((t) => t.id)).toEqual(['year-end-bonus']);
    expect(searchTools('个人所得税').length).toBe(3);
    expect(searchTools('风险').map((t) => t.id)).toEqual(['risk-check']);
  });
});
