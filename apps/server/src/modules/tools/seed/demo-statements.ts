import type { RiskInput, Statement } from '@app/contracts/tools/risk';

const Y = 100;
const s = (v: Record<keyof Statement, number>): Statement => Object.fromEntries(Object.entries(v).map(([k, n]) => [k, Math.round(n * Y)])) as Statement;

/**
 * A believable mid-sized trading company whose inventory piles up while profit rises and operating cash goes
 * negative: the template's example data and the demo reports.
 */
export const DEMO_RISK_INPUT: RiskInput = {
  companyName: '杭州瑞丰商贸有限公司',
  industryTaxRatePct: '3.2',
  prior: s({
    cash: 4_860_000, receivables: 6_120_000, inventory: 5_400_000, currentAssets: 17_380_000, totalAssets: 26_500_000,
    currentLiabilities: 11_200_000, totalLiabilities: 14_300_000, equity: 12_200_000,
    revenue: 48_600_000, cost: 40_340_000, financeExpense: 420_000, totalProfit: 2_610_000, netProfit: 1_960_000,
    operatingCashFlow: 2_350_000, taxesPaid: 1_520_000,
  }),
  current: s({
    cash: 2_950_000, receivables: 8_460_000, inventory: 9_180_000, currentAssets: 21_300_000, totalAssets: 30_800_000,
    currentLiabilities: 15_900_000, totalLiabilities: 17_860_000, equity: 12_940_000,
    revenue: 52_300_000, cost: 43_950_000, financeExpense: 610_000, totalProfit: 3_050_000, netProfit: 2_290_000,
    operatingCashFlow: -1_180_000, taxesPaid: 1_150_000,
  }),
};
