import { describe, expect, it } from 'vitest';
import { analyseRisk, readRiskInput, type Statement } from './risk';
import { RISK_LINES } from './tools.rules';

const Y = 100;
const healthy: Statement = {
  cash: 3_000_000 * Y, receivables: 2_000_000 * Y, inventory: 1_500_000 * Y, currentAssets: 8_000_000 * Y, totalAssets: 15_000_000 * Y,
  currentLiabilities: 4_000_000 * Y, totalLiabilities: 6_000_000 * Y, equity: 9_000_000 * Y,
  revenue: 30_000_000 * Y, cost: 21_000_000 * Y, financeExpense: 100_000 * Y, totalProfit: 2_400_000 * Y, netProfit: 1_800_000 * Y,
  operatingCashFlow: 2_100_000 * Y, taxesPaid: 1_200_000 * Y,
};
const grown = (f: number): Statement => Object.fromEntries(Object.entries(healthy).map(([k, v]) => [k, Math.round(v * f)])) as Statement;

describe('risk analysis', () => {
  it('finds no risk in a steadily growing, liquid company paying the industry tax burden', () => {
    const a = analyseRisk({ companyName: '示例', industryTaxRatePct: '4', prior: healthy, current: grown(1.1) });
    expect(a.flags).toEqual([]);
    expect(a.score).toBe(100);
    expect(a.level).toBe('低');
  });

  it('breaks ROE into net margin × asset turnover × equity multiplier on average balances', () => {
    const a = analyseRisk({ companyName: '示例', industryTaxRatePct: null, prior: healthy, current: grown(1.1) });
    const n = (s: string | null) => Number(s!.replace(/[%天]/g, ''));
    const product = (n(a.dupont.netMargin) / 100) * n(a.dupont.assetTurnover) * n(a.dupont.equityMultiplier) * 100;
    // The parts are shown to two decimals, so the product matches ROE to within that rounding.
    expect(Math.abs(product - n(a.dupont.roe))).toBeLessThan(0.2);
  });

  it('flags negative operating cash flow with rising profit, inventory outgrowing revenue and a tax burden far below the industry', () => {
    const current = { ...grown(1.05), operatingCashFlow: -500_000 * Y, inventory: 3_000_000 * Y, taxesPaid: 300_000 * Y };
    const a = analyseRisk({ companyName: '示例', industryTaxRatePct: '4', prior: healthy, current });
    expect(a.flags.map((f) => f.id)).toEqual(expect.arrayContaining(['cash-vs-profit', 'inventory-growth', 'tax-burden']));
    expect(a.flags.every((f) => f.finding && f.explanation && f.rule)).toBe(true);
  });

  it('reads statements with a message per line and column, and checks that the balance sheet balances', () => {
    const strings = (s: Statement) => Object.fromEntries(RISK_LINES.map((l) => [l.key, (s[l.key] / 100).toFixed(2)]));
    const prior = strings(healthy);
    const current = { ...strings(healthy), equity: '1' };
    const r = readRiskInput({ company_name: '示例', industry_tax_rate: '150', prior: { ...prior, cash: 'abc' }, current });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      { column: 'industry', line: null, message: '行业平均税负率应为0至100之间的数字，最多两位小数' },
      { column: 'prior', line: 'cash', message: '上年货币资金必须是数字' },
      { column: 'current', line: 'totalAssets', message: '本年资产总计应等于负债合计与所有者权益合计之和' },
    ]);
  });
});
