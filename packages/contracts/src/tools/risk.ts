/**
 * The financial risk check: standard ratios from two years of statements (balance sheet, income statement and two
 * cash-flow lines) and explained risk rules. Statement amounts are integer fen; ratios are exact decimals rounded
 * only for display.
 */
import { D, fenToYuan, parseYuan, type Dec } from './money';
import { RISK_LINES, type RiskLineKey } from './tools.rules';

export type Statement = Record<RiskLineKey, number>;
export interface RiskInput {
  companyName: string;
  /** Industry average tax burden (taxes paid ÷ revenue), percent string; empty when unknown. */
  industryTaxRatePct: string | null;
  prior: Statement;
  current: Statement;
}

export type RatioFormat = 'percent' | 'times' | 'days';
export interface Ratio {
  key: string;
  group: '偿债能力' | '资本结构' | '盈利能力' | '营运能力' | '成长能力' | '现金流量';
  name: string;
  formula: string;
  format: RatioFormat;
  prior: string | null;
  current: string | null;
}

export interface RiskFlag {
  id: string;
  level: 'high' | 'medium';
  title: string;
  /** What was found, with the figures. */
  finding: string;
  /** Why it matters and what to check. */
  explanation: string;
  /** The rule that raised it. */
  rule: string;
}

export interface DupontBreakdown {
  roe: string | null;
  netMargin: string | null;
  assetTurnover: string | null;
  equityMultiplier: string | null;
}

export interface RiskAnalysis {
  ratios: Ratio[];
  dupont: DupontBreakdown;
  flags: RiskFlag[];
  /** 0-100, 100 = no risk found. */
  score: number;
  level: '低' | '中' | '高';
}

const div = (a: number | Dec, b: number | Dec): Dec | null => (new D(b).isZero() ? null : new D(a).div(b));
const avg = (a: number, b: number) => new D(a).plus(b).div(2);
const growth = (prev: number, cur: number): Dec | null => (prev <= 0 ? null : new D(cur).minus(prev).div(prev));
const fmt = (v: Dec | null, f: RatioFormat): string | null =>
  v === null ? null : f === 'percent' ? `${v.mul(100).toFixed(2)}%` : f === 'days' ? `${v.toFixed(1)}天` : `${v.toFixed(2)}`;
const pctOf = (v: Dec | null) => (v === null ? '无法计算' : `${v.mul(100).toFixed(2)}%`);
const yuanOf = (fen: number) => `${fenToYuan(fen)}元`;

export function analyseRisk(input: RiskInput): RiskAnalysis {
  const p = input.prior;
  const c = input.current;
  const ratios: Ratio[] = [];
  const both = (key: string, group: Ratio['group'], name: string, formula: string, format: RatioFormat, f: (s: Statement) => Dec | null) =>
    ratios.push({ key, group, name, formula, format, prior: fmt(f(p), format), current: fmt(f(c), format) });
  const cur = (key: string, group: Ratio['group'], name: string, formula: string, format: RatioFormat, v: Dec | null) =>
    ratios.push({ key, group, name, formula, format, prior: null, current: fmt(v, format) });

  both('currentRatio', '偿债能力', '流动比率', '流动资产 ÷ 流动负债', 'times', (s) => div(s.currentAssets, s.currentLiabilities));
  both('quickRatio', '偿债能力', '速动比率', '(流动资产 − 存货) ÷ 流动负债', 'times', (s) => div(s.currentAssets - s.inventory, s.currentLiabilities));
  both('cashRatio', '偿债能力', '现金比率', '货币资金 ÷ 流动负债', 'times', (s) => div(s.cash, s.currentLiabilities));
  both('interestCoverage', '偿债能力', '利息保障倍数', '(利润总额 + 财务费用) ÷ 财务费用', 'times', (s) => (s.financeExpense > 0 ? div(s.totalProfit + s.financeExpense, s.financeExpense) : null));
  both('debtRatio', '资本结构', '资产负债率', '负债合计 ÷ 资产总计', 'percent', (s) => div(s.totalLiabilities, s.totalAssets));
  both('debtEquity', '资本结构', '产权比率', '负债合计 ÷ 所有者权益', 'times', (s) => (s.equity > 0 ? div(s.totalLiabilities, s.equity) : null));
  both('grossMargin', '盈利能力', '毛利率', '(营业收入 − 营业成本) ÷ 营业收入', 'percent', (s) => div(s.revenue - s.cost, s.revenue));
  both('netMargin', '盈利能力', '销售净利率', '净利润 ÷ 营业收入', 'percent', (s) => div(s.netProfit, s.revenue));
  both('taxBurden', '盈利能力', '综合税负率', '支付的各项税费 ÷ 营业收入', 'percent', (s) => div(s.taxesPaid, s.revenue));

  const avgAssets = avg(p.totalAssets, c.totalAssets);
  const avgEquity = avg(p.equity, c.equity);
  const roa = div(c.netProfit, avgAssets);
  const roe = avgEquity.gt(0) ? div(c.netProfit, avgEquity) : null;
  cur('roa', '盈利能力', '总资产收益率', '净利润 ÷ 平均资产总额', 'percent', roa);
  cur('roe', '盈利能力', '净资产收益率', '净利润 ÷ 平均所有者权益', 'percent', roe);

  const arTurn = div(c.revenue, avg(p.receivables, c.receivables));
  const invTurn = div(c.cost, avg(p.inventory, c.inventory));
  const assetTurn = div(c.revenue, avgAssets);
  cur('receivablesTurnover', '营运能力', '应收账款周转率', '营业收入 ÷ 平均应收账款', 'times', arTurn);
  cur('receivablesDays', '营运能力', '应收账款周转天数', '365 ÷ 应收账款周转率', 'days', arTurn && !arTurn.isZero() ? new D(365).div(arTurn) : null);
  cur('inventoryTurnover', '营运能力', '存货周转率', '营业成本 ÷ 平均存货', 'times', invTurn);
  cur('inventoryDays', '营运能力', '存货周转天数', '365 ÷ 存货周转率', 'days', invTurn && !invTurn.isZero() ? new D(365).div(invTurn) : null);
  cur('assetTurnover', '营运能力', '总资产周转率', '营业收入 ÷ 平均资产总额', 'times', assetTurn);

  const revG = growth(p.revenue, c.revenue);
  const npG = p.netProfit > 0 ? growth(p.netProfit, c.netProfit) : null;
  const invG = growth(p.inventory, c.inventory);
  const arG = growth(p.receivables, c.receivables);
  cur('revenueGrowth', '成长能力', '营业收入增长率', '(本年收入 − 上年收入) ÷ 上年收入', 'percent', revG);
  cur('profitGrowth', '成长能力', '净利润增长率', '(本年净利润 − 上年净利润) ÷ 上年净利润', 'percent', npG);
  cur('assetGrowth', '成长能力', '总资产增长率', '(本年资产 − 上年资产) ÷ 上年资产', 'percent', growth(p.totalAssets, c.totalAssets));
  cur('inventoryGrowth', '成长能力', '存货增长率', '(本年存货 − 上年存货) ÷ 上年存货', 'percent', invG);
  cur('receivablesGrowth', '成长能力', '应收账款增长率', '(本年应收 − 上年应收) ÷ 上年应收', 'percent', arG);

  both('ocfToLiabilities', '现金流量', '现金流动负债比', '经营活动现金流量净额 ÷ 流动负债', 'times', (s) => div(s.operatingCashFlow, s.currentLiabilities));
  both('ocfToProfit', '现金流量', '盈余现金保障倍数', '经营活动现金流量净额 ÷ 净利润', 'times', (s) => (s.netProfit > 0 ? div(s.operatingCashFlow, s.netProfit) : null));

  const netMargin = div(c.netProfit, c.revenue);
  const multiplier = avgEquity.gt(0) ? avgAssets.div(avgEquity) : null;
  const dupont: DupontBreakdown = {
    roe: fmt(roe, 'percent'),
    netMargin: fmt(netMargin, 'percent'),
    assetTurnover: fmt(assetTurn, 'times'),
    equityMultiplier: fmt(multiplier, 'times'),
  };

  // ---- risk rules ----
  const flags: RiskFlag[] = [];
  const cr = div(c.currentAssets, c.currentLiabilities);
  if (cr !== null && cr.lt(1))
    flags.push({ id: 'current-ratio', level: 'high', title: '短期偿债能力不足', finding: `流动比率为${cr.toFixed(2)}，低于1。`, explanation: '流动资产不足以覆盖流动负债，到期债务可能需要依靠新增借款或变卖长期资产偿还，应关注资金链与债务到期安排。', rule: '流动比率 < 1' });
  const qr = div(c.currentAssets - c.inventory, c.currentLiabilities);
  if (qr !== null && qr.lt(0.5))
    flags.push({ id: 'quick-ratio', level: 'medium', title: '速动资产偏少', finding: `速动比率为${qr.toFixed(2)}，低于0.5。`, explanation: '扣除存货后可快速变现的资产偏少，偿债对存货变现依赖较大。', rule: '速动比率 < 0.5' });
  const dr = div(c.totalLiabilities, c.totalAssets);
  if (dr !== null && dr.gt(0.7))
    flags.push({ id: 'debt-ratio', level: 'high', title: '资产负债率过高', finding: `资产负债率为${pctOf(dr)}，高于70%。`, explanation: '财务杠杆较高，利率上升或经营下滑时偿债压力大，融资能力受限。', rule: '资产负债率 > 70%' });
  if (c.equity <= 0)
    flags.push({ id: 'negative-equity', level: 'high', title: '所有者权益为负（资不抵债）', finding: `所有者权益为${yuanOf(c.equity)}。`, explanation: '负债已超过资产，持续经营存在重大不确定性。', rule: '所有者权益 ≤ 0' });
  if (c.operatingCashFlow < 0 && c.netProfit > p.netProfit)
    flags.push({ id: 'cash-vs-profit', level: 'high', title: '利润增长但经营现金流为负', finding: `净利润由${yuanOf(p.netProfit)}增至${yuanOf(c.netProfit)}，经营活动现金流量净额为${yuanOf(c.operatingCashFlow)}。`, explanation: '账面利润未转化为现金，可能存在收入确认提前、应收账款或存货积压，利润质量存疑，也是税务与审计重点关注的异常。', rule: '经营活动现金流量净额 < 0 且 本年净利润 > 上年净利润' });
  if (invG !== null && revG !== null && invG.minus(revG).gt(0.3))
    flags.push({ id: 'inventory-growth', level: 'high', title: '存货增长远超收入增长', finding: `存货增长${pctOf(invG)}，营业收入增长${pctOf(revG)}。`, explanation: '存货增速明显快于收入，可能存在滞销、跌价或账实不符；也可能是少计成本、虚增存货以调节利润，应盘点核实并检查跌价准备。', rule: '存货增长率 − 营业收入增长率 > 30个百分点' });
  if (arG !== null && revG !== null && arG.minus(revG).gt(0.3))
    flags.push({ id: 'receivables-growth', level: 'medium', title: '应收账款增长远超收入增长', finding: `应收账款增长${pctOf(arG)}，营业收入增长${pctOf(revG)}。`, explanation: '回款放缓或放宽信用政策，坏账风险上升，也可能存在虚增收入。', rule: '应收账款增长率 − 营业收入增长率 > 30个百分点' });
  const tb = div(c.taxesPaid, c.revenue);
  if (input.industryTaxRatePct && tb !== null) {
    const industry = new D(input.industryTaxRatePct).div(100);
    if (industry.gt(0) && tb.lt(industry.mul(0.7)))
      flags.push({ id: 'tax-burden', level: 'high', title: '税负率明显低于行业平均', finding: `综合税负率${pctOf(tb)}，行业平均${input.industryTaxRatePct}%。`, explanation: '税负率低于行业平均的70%，是税务机关风险预警的常见指标，可能被认为存在少计收入、多抵进项或多列成本，应准备合理解释并自查。', rule: '综合税负率 < 行业平均税负率 × 70%' });
  }
  if (revG !== null && revG.lt(-0.2))
    flags.push({ id: 'revenue-decline', level: 'medium', title: '营业收入大幅下滑', finding: `营业收入下降${pctOf(revG.neg())}。`, explanation: '收入下滑超过20%，需关注市场、客户流失与持续经营能力。', rule: '营业收入增长率 < −20%' });
  if (c.netProfit < 0)
    flags.push({ id: 'net-loss', level: 'medium', title: '本年亏损', finding: `净利润为${yuanOf(c.netProfit)}。`, explanation: '连续亏损会侵蚀净资产并影响融资与纳税信用评价。', rule: '净利润 < 0' });
  const gmP = div(p.revenue - p.cost, p.revenue);
  const gmC = div(c.revenue - c.cost, c.revenue);
  if (gmP !== null && gmC !== null && gmP.minus(gmC).gt(0.1))
    flags.push({ id: 'gross-margin-drop', level: 'medium', title: '毛利率大幅下降', finding: `毛利率由${pctOf(gmP)}降至${pctOf(gmC)}。`, explanation: '毛利率下降超过10个百分点，可能是成本上升、售价下降或成本核算异常。', rule: '毛利率下降 > 10个百分点' });
  if (c.financeExpense > 0) {
    const ic = div(c.totalProfit + c.financeExpense, c.financeExpense)!;
    if (ic.lt(1.5))
      flags.push({ id: 'interest-coverage', level: 'medium', title: '利息保障不足', finding: `利息保障倍数为${ic.toFixed(2)}。`, explanation: '息税前利润不足利息的1.5倍，盈利对债务利息的保障较弱。', rule: '利息保障倍数 < 1.5' });
  }

  const penalty = flags.reduce((a, f) => a + (f.level === 'high' ? 20 : 10), 0);
  const score = Math.max(0, 100 - penalty);
  return { ratios, dupont, flags, score, level: score >= 80 ? '低' : score >= 60 ? '中' : '高' };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the statements (form fields or template cells) with messages per line and column

export type StatementStrings = Record<string, string>;
export interface RiskFieldError {
  /** 'prior' | 'current' | 'company' | 'industry' */
  column: 'prior' | 'current' | 'company' | 'industry';
  line: RiskLineKey | null;
  message: string;
}

const COLUMN_LABEL = { prior: '上年', current: '本年' } as const;

function readStatement(values: StatementStrings, column: 'prior' | 'current', errors: RiskFieldError[]): Statement {
  const out = {} as Statement;
  for (const l of RISK_LINES) {
    const r = parseYuan(values[l.key], `${COLUMN_LABEL[column]}${l.label}`, { signed: l.signed });
    if (r.ok) out[l.key] = r.value;
    else {
      out[l.key] = 0;
      errors.push({ column, line: l.key, message: r.message });
    }
  }
  const lineOk = (k: RiskLineKey) => !errors.some((e) => e.column === column && e.line === k);
  if (['currentAssets', 'totalAssets'].every((k) => lineOk(k as RiskLineKey)) && out.currentAssets > out.totalAssets)
    errors.push({ column, line: 'currentAssets', message: `${COLUMN_LABEL[column]}流动资产合计不能大于资产总计` });
  if (['totalAssets', 'totalLiabilities', 'equity'].every((k) => lineOk(k as RiskLineKey)) && out.totalLiabilities + out.equity !== out.totalAssets)
    errors.push({ column, line: 'totalAssets', message: `${COLUMN_LABEL[column]}资产总计应等于负债合计与所有者权益合计之和` });
  if (['currentLiabilities', 'totalLiabilities'].every((k) => lineOk(k as RiskLineKey)) && out.currentLiabilities > out.totalLiabilities)
    errors.push({ column, line: 'currentLiabilities', message: `${COLUMN_LABEL[column]}流动负债合计不能大于负债合计` });
  return out;
}

export function readRiskInput(raw: { company_name: string; industry_tax_rate: string; prior: StatementStrings; current: StatementStrings }):
  | { ok: true; input: RiskInput }
  | { ok: false; errors: RiskFieldError[] } {
  const errors: RiskFieldError[] = [];
  const name = raw.company_name.trim();
  if (!name) errors.push({ column: 'company', line: null, message: '请输入企业名称' });
  else if (name.length > 60) errors.push({ column: 'company', line: null, message: '企业名称不能超过60个字' });
  const rate = raw.industry_tax_rate.trim();
  if (rate && !(/^\d+(\.\d{1,2})?$/.test(rate) && Number(rate) <= 100))
    errors.push({ column: 'industry', line: null, message: '行业平均税负率应为0至100之间的数字，最多两位小数' });
  const prior = readStatement(raw.prior, 'prior', errors);
  const current = readStatement(raw.current, 'current', errors);
  if (errors.length) return { ok: false, errors };
  return { ok: true, input: { companyName: name, industryTaxRatePct: rate || null, prior, current } };
}
