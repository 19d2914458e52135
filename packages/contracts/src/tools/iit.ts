/**
 * Individual income tax: cumulative withholding on wages (累计预扣法), special additional deductions,
 * the year-end bonus (separate or merged) and the annual reconciliation (年度汇算). All amounts integer fen.
 */
import { D, mulRate, pct, toFen } from './money';
import type { Bracket, TaxRules } from './rules/types';

export interface BracketTax {
  taxFen: number;
  bracket: Bracket;
  /** 1-based level in the table. */
  level: number;
}

/** Tax on a taxable amount by a progressive table: taxable × rate − quick deduction (never below 0). */
export function taxByBrackets(taxableFen: number, brackets: Bracket[]): BracketTax {
  const t = Math.max(0, taxableFen);
  const i = brackets.findIndex((b) => b.upToFen === null || t <= b.upToFen);
  const bracket = brackets[i]!;
  const taxFen = Math.max(0, mulRate(t, pct(bracket.ratePct)) - bracket.quickDeductionFen);
  return { taxFen, bracket, level: i + 1 };
}

// ---------------------------------------------------------------------------------------------------------------
// Special additional deductions (monthly amounts in the withholding)

export type Share = 100 | 50;
export type HousingChoice = 'none' | 'loan' | 'rent1' | 'rent2' | 'rent3';
export type ElderlyChoice = 'none' | 'only' | 'shared';

export interface SpecialChoices {
  children: number;
  childrenShare: Share;
  infants: number;
  infantsShare: Share;
  /** Degree continuing education, 400 a month. */
  continuingEducation: boolean;
  housing: HousingChoice;
  loanShare: Share;
  elderly: ElderlyChoice;
  /** Monthly amount agreed among siblings (shared elderly support), at most the shared cap. */
  elderlySharedFen: number;
}

export const NO_SPECIAL: SpecialChoices = {
  children: 0,
  childrenShare: 100,
  infants: 0,
  infantsShare: 100,
  continuingEducation: false,
  housing: 'none',
  loanShare: 100,
  elderly: 'none',
  elderlySharedFen: 0,
};

export interface DeductionItem {
  label: string;
  fen: number;
  src: string;
  detail: string;
}

export type SpecialResult = { ok: true; totalFen: number; items: DeductionItem[] } | { ok: false; field: string; message: string };

const half = (fen: number, share: Share) => (share === 100 ? fen : fen / 2);
const yuanText = (fen: number) => (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The monthly special additional deductions for the choices, checked against the year's caps. */
export function specialDeductions(rules: TaxRules, c: SpecialChoices): SpecialResult {
  const s = rules.iit.special;
  const items: DeductionItem[] = [];
  if (c.children > 0) {
    const fen = half(s.childEducationPerChildFen.value, c.childrenShare) * c.children;
    items.push({ label: '子女教育', fen, src: s.childEducationPerChildFen.src, detail: `每个子女每月${yuanText(s.childEducationPerChildFen.value)}元 × ${c.children}个 × ${c.childrenShare}%` });
  }
  if (c.infants > 0) {
    const fen = half(s.infantCarePerChildFen.value, c.infantsShare) * c.infants;
    items.push({ label: '3岁以下婴幼儿照护', fen, src: s.infantCarePerChildFen.src, detail: `每个婴幼儿每月${yuanText(s.infantCarePerChildFen.value)}元 × ${c.infants}个 × ${c.infantsShare}%` });
  }
  if (c.continuingEducation) {
    const fen = s.continuingEducationMonthlyFen.value;
    items.push({ label: '继续教育（学历）', fen, src: s.continuingEducationMonthlyFen.src, detail: `每月${yuanText(fen)}元` });
  }
  if (c.housing === 'loan') {
    const fen = half(s.housingLoanInterestFen.value, c.loanShare);
    items.push({ label: '住房贷款利息', fen, src: s.housingLoanInterestFen.src, detail: `每月${yuanText(s.housingLoanInterestFen.value)}元 × ${c.loanShare}%` });
  } else if (c.housing !== 'none') {
    const tier = Number(c.housing.slice(4)) as 1 | 2 | 3;
    const fen = s.rentByTierFen.value[tier - 1]!;
    const tierName = ['直辖市、省会城市、计划单列市等', '市辖区户籍人口超过100万的城市', '市辖区户籍人口不超过100万的城市'][tier - 1];
    items.push({ label: '住房租金', fen, src: s.rentByTierFen.src, detail: `${tierName}每月${yuanText(fen)}元` });
  }
  if (c.elderly === 'only') {
    const fen = s.elderlySupportOnlyChildFen.value;
    items.push({ label: '赡养老人（独生子女）', fen, src: s.elderlySupportOnlyChildFen.src, detail: `每月${yuanText(fen)}元` });
  } else if (c.elderly === 'shared') {
    const cap = s.elderlySupportSharedCapFen.value;
    if (c.elderlySharedFen > cap)
      return { ok: false, field: 'elderlyShared', message: `非独生子女每人每月分摊的赡养老人扣除不能超过${yuanText(cap)}元` };
    if (c.elderlySharedFen <= 0) return { ok: false, field: 'elderlyShared', message: '请输入分摊的赡养老人扣除额' };
    items.push({ label: '赡养老人（分摊）', fen: c.elderlySharedFen, src: s.elderlySupportSharedCapFen.src, detail: `分摊每月${yuanText(c.elderlySharedFen)}元（每人不超过${yuanText(cap)}元）` });
  }
  return { ok: true, totalFen: items.reduce((a, b) => a + b.fen, 0), items };
}

// ---------------------------------------------------------------------------------------------------------------
// Cumulative withholding on wages

export interface WageMonth {
  incomeFen: number;
  /** Employee social insurance and housing fund (专项扣除). */
  socialFen: number;
  /** Special additional deductions of the month. */
  specialFen: number;
  /** Other deductions allowed by law (企业年金、商业健康保险、个人养老金等). */
  otherFen: number;
}

export interface WithholdingRow {
  month: number;
  incomeFen: number;
  cumIncomeFen: number;
  cumBasicFen: number;
  cumSocialFen: number;
  cumSpecialFen: number;
  cumOtherFen: number;
  cumTaxableFen: number;
  ratePct: string;
  quickDeductionFen: number;
  cumTaxFen: number;
  /** Tax withheld this month (0 when the cumulative tax is below what was already withheld: no refund). */
  monthTaxFen: number;
  cumWithheldFen: number;
  netPayFen: number;
}

/**
 * 国家税务总局公告2018年第61号 第六条: 本期应预扣预缴税额 = (累计预扣预缴应纳税所得额 × 预扣率 − 速算扣除数)
 * − 累计已预扣预缴税额; a negative result is not refunded during the year.
 * `firstMonth` is the month the employment (and the cumulation) starts.
 */
export function cumulativeWithholding(rules: TaxRules, months: WageMonth[], firstMonth = 1): WithholdingRow[] {
  const basic = rules.iit.basicDeductionMonthlyFen.value;
  const rows: WithholdingRow[] = [];
  let cumIncome = 0, cumSocial = 0, cumSpecial = 0, cumOther = 0, cumWithheld = 0;
  months.forEach((m, i) => {
    cumIncome += m.incomeFen;
    cumSocial += m.socialFen;
    cumSpecial += m.specialFen;
    cumOther += m.otherFen;
    const cumBasic = basic * (i + 1);
    const cumTaxable = Math.max(0, cumIncome - cumBasic - cumSocial - cumSpecial - cumOther);
    const t = taxByBrackets(cumTaxable, rules.iit.annualBrackets.value);
    const monthTax = Math.max(0, t.taxFen - cumWithheld);
    cumWithheld += monthTax;
    rows.push({
      month: firstMonth + i,
      incomeFen: m.incomeFen,
      cumIncomeFen: cumIncome,
      cumBasicFen: cumBasic,
      cumSocialFen: cumSocial,
      cumSpecialFen: cumSpecial,
      cumOtherFen: cumOther,
      cumTaxableFen: cumTaxable,
      ratePct: t.bracket.ratePct,
      quickDeductionFen: t.bracket.quickDeductionFen,
      cumTaxFen: t.taxFen,
      monthTaxFen: monthTax,
      cumWithheldFen: cumWithheld,
      netPayFen: m.incomeFen - m.socialFen - monthTax,
    });
  });
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Year-end bonus

export interface BonusComparison {
  /** Separate: bonus ÷ 12 finds the monthly-table rate; tax = bonus × rate − quick deduction (once). */
  separate: { monthlyAverageFen: number; bracket: Bracket; level: number; bonusTaxFen: number; wageTaxFen: number; totalFen: number };
  /** Merged: the bonus joins the year's comprehensive income. */
  merged: { taxableFen: number; bracket: Bracket; level: number; totalFen: number };
  wageTaxableFen: number;
  better: 'separate' | 'merged' | 'equal';
  savingFen: number;
  separateAllowed: boolean;
  separateUntil: string;
}

export interface AnnualWageInput {
  wagesFen: number;
  socialFen: number;
  specialFen: number;
  otherFen: number;
}

export function annualWageTaxable(rules: TaxRules, w: AnnualWageInput): number {
  return Math.max(0, w.wagesFen - rules.iit.basicDeductionMonthlyFen.value * 12 - w.socialFen - w.specialFen - w.otherFen);
}

export function bonusSeparateTax(rules: TaxRules, bonusFen: number) {
  const avg = toFen(new D(bonusFen).div(12));
  // The rate is found from bonus / 12 exactly (not the rounded average): 36,000.01 ÷ 12 is above 3,000.
  const brackets = rules.iit.monthlyBrackets.value;
  const exactAvg = new D(bonusFen).div(12);
  const i = brackets.findIndex((b) => b.upToFen === null || exactAvg.lte(b.upToFen));
  const bracket = brackets[i]!;
  const tax = Math.max(0, mulRate(bonusFen, pct(bracket.ratePct)) - bracket.quickDeductionFen);
  return { monthlyAverageFen: avg, bracket, level: i + 1, bonusTaxFen: tax };
}

export function compareBonus(rules: TaxRules, w: AnnualWageInput, bonusFen: number, today: Date): BonusComparison {
  const wageTaxable = annualWageTaxable(rules, w);
  const wageTax = taxByBrackets(wageTaxable, rules.iit.annualBrackets.value);
  const sep = bonusSeparateTax(rules, bonusFen);
  const mergedTaxable = Math.max(0, w.wagesFen + bonusFen - rules.iit.basicDeductionMonthlyFen.value * 12 - w.socialFen - w.specialFen - w.otherFen);
  const merged = taxByBrackets(mergedTaxable, rules.iit.annualBrackets.value);
  const separateTotal = wageTax.taxFen + sep.bonusTaxFen;
  const until = rules.iit.bonusSeparateUntil.value;
  const separateAllowed = `${rules.year}-12-31` <= until && today.toISOString().slice(0, 10) <= until;
  return {
    separate: { ...sep, wageTaxFen: wageTax.taxFen, totalFen: separateTotal },
    merged: { taxableFen: mergedTaxable, bracket: merged.bracket, level: merged.level, totalFen: merged.taxFen },
    wageTaxableFen: wageTaxable,
    better: separateTotal < merged.taxFen ? 'separate' : separateTotal > merged.taxFen ? 'merged' : 'equal',
    savingFen: Math.abs(separateTotal - merged.taxFen),
    separateAllowed,
    separateUntil: until,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Annual reconciliation (年度汇算)

export interface AnnualInput {
  wagesFen: number;
  labourFen: number;
  authorFen: number;
  royaltyFen: number;
  socialFen: number;
  /** Annual special additional deductions except serious illness. */
  specialFen: number;
  /** Serious illness medical expenses borne by the taxpayer in the year (after medical insurance). */
  seriousIllnessSpentFen: number;
  privatePensionFen: number;
  otherFen: number;
  withheldFen: number;
}

export interface AnnualResult {
  labourIncomeFen: number;
  authorIncomeFen: number;
  royaltyIncomeFen: number;
  grossIncomeFen: number;
  basicFen: number;
  seriousIllnessFen: number;
  privatePensionFen: number;
  totalDeductionsFen: number;
  taxableFen: number;
  bracket: Bracket;
  level: number;
  taxFen: number;
  /** Positive: to pay; negative: refund. */
  balanceFen: number;
}

export function annualReconciliation(rules: TaxRules, a: AnnualInput): AnnualResult {
  const keep = pct(new D(100).minus(rules.iit.labourCostPct.value));
  const labour = mulRate(a.labourFen, keep);
  const author = mulRate(a.authorFen, keep.mul(pct(rules.iit.authorIncomePct.value)));
  const royalty = mulRate(a.royaltyFen, keep);
  const gross = a.wagesFen + labour + author + royalty;
  const basic = rules.iit.basicDeductionMonthlyFen.value * 12;
  const s = rules.iit.special;
  const illness = Math.min(Math.max(0, a.seriousIllnessSpentFen - s.seriousIllnessFloorFen.value), s.seriousIllnessCapFen.value);
  const pension = Math.min(a.privatePensionFen, rules.iit.privatePensionAnnualCapFen.value);
  const deductions = basic + a.socialFen + a.specialFen + illness + pension + a.otherFen;
  const taxable = Math.max(0, gross - deductions);
  const t = taxByBrackets(taxable, rules.iit.annualBrackets.value);
  return {
    labourIncomeFen: labour,
    authorIncomeFen: author,
    royaltyIncomeFen: royalty,
    grossIncomeFen: gross,
    basicFen: basic,
    seriousIllnessFen: illness,
    privatePensionFen: pension,
    totalDeductionsFen: deductions,
    taxableFen: taxable,
    bracket: t.bracket,
    level: t.level,
    taxFen: t.taxFen,
    balanceFen: t.taxFen - a.withheldFen,
  };
}
