/** VAT, corporate income tax and social insurance / housing fund. Amounts integer fen; rates from the rules file. */
import { D, mulRate, pct, toFen, type Dec } from './money';
import type { CityPreset, TaxRules } from './rules/types';

// ---------------------------------------------------------------------------------------------------------------
// VAT

export interface VatSplit {
  exclusiveFen: number;
  taxFen: number;
  inclusiveFen: number;
}

/** From a price including tax: excluding = including ÷ (1 + rate), rounded to the fen; tax is the difference. */
export function vatFromInclusive(inclusiveFen: number, rate: Dec): VatSplit {
  const exclusive = toFen(new D(inclusiveFen).div(rate.plus(1)));
  return { exclusiveFen: exclusive, taxFen: inclusiveFen - exclusive, inclusiveFen };
}

/** From a price excluding tax: tax = excluding × rate, rounded to the fen. */
export function vatFromExclusive(exclusiveFen: number, rate: Dec): VatSplit {
  const tax = mulRate(exclusiveFen, rate);
  return { exclusiveFen, taxFen: tax, inclusiveFen: exclusiveFen + tax };
}

export interface SmallScaleVat extends VatSplit {
  exempt: boolean;
  ratePct: string;
  thresholdFen: number;
}

/**
 * Small-scale taxpayer for one period (month or quarter): sales up to the threshold (excluding tax) are exempt;
 * above it, the reduced 1% rate applies to the whole period's sales.
 */
export function smallScaleVat(rules: TaxRules, salesFen: number, inclusive: boolean, period: 'month' | 'quarter'): SmallScaleVat {
  const ratePct = rules.vat.smallScaleReducedPct.value;
  const rate = pct(ratePct);
  const split = inclusive ? vatFromInclusive(salesFen, rate) : vatFromExclusive(salesFen, rate);
  const threshold = period === 'month' ? rules.vat.smallScaleMonthlyExemptFen.value : rules.vat.smallScaleQuarterlyExemptFen.value;
  if (split.exclusiveFen <= threshold) {
    return { exclusiveFen: salesFen, taxFen: 0, inclusiveFen: salesFen, exempt: true, ratePct, thresholdFen: threshold };
  }
  return { ...split, exempt: false, ratePct, thresholdFen: threshold };
}

// ---------------------------------------------------------------------------------------------------------------
// Corporate income tax

export interface CitInput {
  taxableFen: number;
  headcount: number;
  assetsFen: number;
  /** Engaged only in industries that are not restricted or prohibited by the state. */
  permittedIndustry: boolean;
  /** Holds a valid high and new technology enterprise certificate. */
  highTech: boolean;
}

export interface CitCondition {
  label: string;
  met: boolean;
  detail: string;
}

export interface CitOption {
  kind: 'standard' | 'small-profit' | 'high-tech';
  label: string;
  eligible: boolean;
  conditions: CitCondition[];
  taxFen: number;
  effectivePct: string;
}

export interface CitResult {
  options: CitOption[];
  /** The lowest tax among eligible options. */
  applied: CitOption;
}

const yuanW = (fen: number) => `${new D(fen).div(1_000_000).toString()}万元`;

export function corporateIncomeTax(rules: TaxRules, c: CitInput): CitResult {
  const r = rules.cit;
  const taxable = Math.max(0, c.taxableFen);
  const standard: CitOption = {
    kind: 'standard',
    label: `基本税率${r.standardPct.value}%`,
    eligible: true,
    conditions: [],
    taxFen: mulRate(taxable, pct(r.standardPct.value)),
    effectivePct: r.standardPct.value,
  };
  const spConds: CitCondition[] = [
    { label: '从事国家非限制和禁止行业', met: c.permittedIndustry, detail: c.permittedIndustry ? '是' : '否' },
    { label: `年度应纳税所得额不超过${yuanW(r.smallProfitMaxTaxableFen.value)}`, met: taxable <= r.smallProfitMaxTaxableFen.value, detail: yuanW(taxable) },
    { label: `从业人数不超过${r.smallProfitMaxHeadcount.value}人`, met: c.headcount <= r.smallProfitMaxHeadcount.value, detail: `${c.headcount}人` },
    { label: `资产总额不超过${yuanW(r.smallProfitMaxAssetsFen.value)}`, met: c.assetsFen <= r.smallProfitMaxAssetsFen.value, detail: yuanW(c.assetsFen) },
  ];
  const spRate = pct(r.smallProfitBasePct.value).mul(pct(r.smallProfitRatePct.value));
  const smallProfit: CitOption = {
    kind: 'small-profit',
    label: `小型微利企业（减按${r.smallProfitBasePct.value}%计入应纳税所得额，按${r.smallProfitRatePct.value}%税率）`,
    eligible: spConds.every((x) => x.met),
    conditions: spConds,
    taxFen: mulRate(taxable, spRate),
    effectivePct: spRate.mul(100).toString(),
  };
  const highTech: CitOption = {
    kind: 'high-tech',
    label: `高新技术企业${r.highTechPct.value}%`,
    eligible: c.highTech,
    conditions: [{ label: '持有有效的高新技术企业证书', met: c.highTech, detail: c.highTech ? '是' : '否' }],
    taxFen: mulRate(taxable, pct(r.highTechPct.value)),
    effectivePct: r.highTechPct.value,
  };
  const options = [standard, smallProfit, highTech];
  const applied = options.filter((o) => o.eligible).reduce((a, b) => (b.taxFen < a.taxFen ? b : a));
  return { options, applied };
}

// ---------------------------------------------------------------------------------------------------------------
// Social insurance and housing fund

export interface SocialRates {
  employee: { pension: Dec; medical: Dec; unemployment: Dec; fund: Dec };
  employer: { pension: Dec; medical: Dec; unemployment: Dec; injury: Dec; fund: Dec };
  employeeMedicalFixedFen: number;
}

export interface SocialInput {
  wageFen: number;
  socialFloorFen: number;
  socialCeilingFen: number;
  fundFloorFen: number;
  fundCeilingFen: number;
  rates: SocialRates;
}

export interface SocialLine {
  item: string;
  baseFen: number;
  employeeFen: number;
  employerFen: number;
}

export interface SocialResult {
  socialBaseFen: number;
  fundBaseFen: number;
  socialClamped: 'floor' | 'ceiling' | null;
  fundClamped: 'floor' | 'ceiling' | null;
  lines: SocialLine[];
  employeeTotalFen: number;
  employerTotalFen: number;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

export function socialInsurance(s: SocialInput): SocialResult {
  const sb = clamp(s.wageFen, s.socialFloorFen, s.socialCeilingFen);
  const fb = clamp(s.wageFen, s.fundFloorFen, s.fundCeilingFen);
  const r = s.rates;
  const lines: SocialLine[] = [
    { item: '养老保险', baseFen: sb, employeeFen: mulRate(sb, r.employee.pension), employerFen: mulRate(sb, r.employer.pension) },
    { item: '医疗保险（含生育）', baseFen: sb, employeeFen: mulRate(sb, r.employee.medical) + r.employeeMedicalFixedFen, employerFen: mulRate(sb, r.employer.medical) },
    { item: '失业保险', baseFen: sb, employeeFen: mulRate(sb, r.employee.unemployment), employerFen: mulRate(sb, r.employer.unemployment) },
    { item: '工伤保险', baseFen: sb, employeeFen: 0, employerFen: mulRate(sb, r.employer.injury) },
    { item: '住房公积金', baseFen: fb, employeeFen: mulRate(fb, r.employee.fund), employerFen: mulRate(fb, r.employer.fund) },
  ];
  const flag = (v: number, lo: number, hi: number) => (v < lo ? 'floor' : v > hi ? 'ceiling' : null);
  return {
    socialBaseFen: sb,
    fundBaseFen: fb,
    socialClamped: flag(s.wageFen, s.socialFloorFen, s.socialCeilingFen),
    fundClamped: flag(s.wageFen, s.fundFloorFen, s.fundCeilingFen),
    lines,
    employeeTotalFen: lines.reduce((a, l) => a + l.employeeFen, 0),
    employerTotalFen: lines.reduce((a, l) => a + l.employerFen, 0),
  };
}

export function ratesOfCity(c: CityPreset): SocialRates {
  return {
    employee: { pension: pct(c.employee.pension), medical: pct(c.employee.medical), unemployment: pct(c.employee.unemployment), fund: pct(c.employee.fund) },
    employer: { pension: pct(c.employer.pension), medical: pct(c.employer.medical), unemployment: pct(c.employer.unemployment), injury: pct(c.employer.injury), fund: pct(c.employer.fund) },
    employeeMedicalFixedFen: c.employeeMedicalFixedFen,
  };
}
