import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { D, parseYuan, pct } from './money';
import { taxRules2025 } from './rules/tax-rules-2025';
import { taxRules2026 } from './rules/tax-rules-2026';
import { annualReconciliation, bonusSeparateTax, compareBonus, cumulativeWithholding, NO_SPECIAL, specialDeductions, taxByBrackets } from './iit';
import { corporateIncomeTax, smallScaleVat, socialInsurance, vatFromExclusive, vatFromInclusive } from './business';
import { depreciation, irr, loanSchedule, npv, payback, prepayLoan, xirr } from './finance';

const Y = 100;
const rules = taxRules2026;
const month = (income: number, social: number, special: number) => ({ incomeFen: income * Y, socialFen: social * Y, specialFen: special * Y, otherFen: 0 });

describe('cumulative withholding (国家税务总局公告2018年第61号 and its published examples)', () => {
  it('reproduces the administration example of 30,000 a month: 555, 625 and 1,850 in the first three months', () => {
    const rows = cumulativeWithholding(rules, Array.from({ length: 3 }, () => month(30000, 4500, 2000)));
    expect(rows.map((r) => r.monthTaxFen)).toEqual([555 * Y, 625 * Y, 1850 * Y]);
    expect(rows[1]!.ratePct).toBe('10');
    expect(rows[1]!.quickDeductionFen).toBe(2520 * Y);
  });

  it('reproduces the administration example of 10,000 a month: 75 withheld every month', () => {
    const rows = cumulativeWithholding(rules, Array.from({ length: 12 }, () => month(10000, 1500, 1000)));
    expect(rows.every((r) => r.monthTaxFen === 75 * Y)).toBe(true);
  });

  it('withholds nothing in a month whose cumulative tax is below what was already withheld (no refund during the year)', () => {
    const rows = cumulativeWithholding(rules, [month(20000, 0, 0), month(0, 0, 0), month(0, 0, 0)]);
    expect(rows.map((r) => r.monthTaxFen)).toEqual([450 * Y, 0, 0]);
  });
});

describe('annual and monthly tables', () => {
  it('applies the seven annual brackets with their quick deductions at each boundary', () => {
    const t = (yuan: number) => taxByBrackets(yuan * Y, rules.iit.annualBrackets.value).taxFen / Y;
    expect(t(36000)).toBe(1080);
    expect(t(144000)).toBe(144000 * 0.1 - 2520);
    expect(t(300000)).toBe(300000 * 0.2 - 16920);
    expect(t(420000)).toBe(420000 * 0.25 - 31920);
    expect(t(660000)).toBe(660000 * 0.3 - 52920);
    expect(t(960000)).toBe(960000 * 0.35 - 85920);
    expect(t(1000000)).toBe(1000000 * 0.45 - 181920);
  });
});

describe('special additional deductions after 国发〔2023〕13号', () => {
  it('uses 2,000 per child, 2,000 per infant, 3,000 elderly support for an only child, 1,500 rent in tier-1 cities', () => {
    const r = specialDeductions(rules, { ...NO_SPECIAL, children: 2, infants: 1, elderly: 'only', housing: 'rent1', continuingEducation: true });
    expect(r.ok && r.totalFen).toBe((4000 + 2000 + 3000 + 1500 + 400) * Y);
  });

  it('halves children education and loan interest when shared 50/50, and uses 1,100 and 800 for smaller cities', () => {
    const r = specialDeductions(rules, { ...NO_SPECIAL, children: 1, childrenShare: 50, housing: 'loan', loanShare: 50 });
    expect(r.ok && r.totalFen).toBe((1000 + 500) * Y);
    const t2 = specialDeductions(rules, { ...NO_SPECIAL, housing: 'rent2' });
    const t3 = specialDeductions(rules, { ...NO_SPECIAL, housing: 'rent3' });
    expect([t2.ok && t2.totalFen, t3.ok && t3.totalFen]).toEqual([1100 * Y, 800 * Y]);
  });

  it('refuses a shared elderly-support amount above 1,500 a month', () => {
    const r = specialDeductions(rules, { ...NO_SPECIAL, elderly: 'shared', elderlySharedFen: 1500.01 * Y });
    expect(r).toEqual({ ok: false, field: 'elderlyShared', message: '非独生子女每人每月分摊的赡养老人扣除不能超过1,500元' });
    const ok = specialDeductions(rules, { ...NO_SPECIAL, elderly: 'shared', elderlySharedFen: 1500 * Y });
    expect(ok.ok && ok.totalFen).toBe(1500 * Y);
  });
});

describe('year-end bonus (财税〔2018〕164号, extended to 2027-12-31 by 公告2023年第30号)', () => {
  it('taxes a 36,000 bonus at 3%: 1,080', () => {
    expect(bonusSeparateTax(rules, 36000 * Y).bonusTaxFen).toBe(1080 * Y);
  });

  it('moves a bonus of 36,000.01 to the 10% bracket: 3,390.00', () => {
    const r = bonusSeparateTax(rules, 3600001);
    expect(r.bracket.ratePct).toBe('10');
    expect(r.bonusTaxFen).toBe(3390 * Y);
  });

  it('prefers merging when the wages leave unused deductions, and separate taxation for a high earner', () => {
    const low = compareBonus(rules, { wagesFen: 40000 * Y, socialFen: 0, specialFen: 0, otherFen: 0 }, 20000 * Y, new Date('2026-06-01'));
    expect(low.better).toBe('merged');
    expect(low.merged.totalFen).toBe(0);
    const high = compareBonus(rules, { wagesFen: 400000 * Y, socialFen: 0, specialFen: 0, otherFen: 0 }, 36000 * Y, new Date('2026-06-01'));
    expect(high.better).toBe('separate');
    expect(high.separateUntil).toBe('2027-12-31');
    expect(high.separateAllowed).toBe(true);
  });
});

describe('annual reconciliation', () => {
  it('reduces labour income by 20%, author remuneration to 56% and royalties by 20%, then refunds what was over-withheld', () => {
    const r = annualReconciliation(rules, {
      wagesFen: 180000 * Y, labourFen: 10000 * Y, authorFen: 10000 * Y, royaltyFen: 5000 * Y,
      socialFen: 24000 * Y, specialFen: 24000 * Y, seriousIllnessSpentFen: 0, privatePensionFen: 0, otherFen: 0, withheldFen: 7000 * Y,
    });
    expect([r.labourIncomeFen, r.authorIncomeFen, r.royaltyIncomeFen]).toEqual([8000 * Y, 5600 * Y, 4000 * Y]);
    expect(r.taxableFen).toBe(89600 * Y);
    expect(r.taxFen).toBe(6440 * Y);
    expect(r.balanceFen).toBe(-560 * Y);
  });

  it('deducts serious illness above 15,000 up to 80,000 and private pension up to 12,000', () => {
    const r = annualReconciliation(rules, {
      wagesFen: 300000 * Y, labourFen: 0, authorFen: 0, royaltyFen: 0, socialFen: 0, specialFen: 0,
      seriousIllnessSpentFen: 120000 * Y, privatePensionFen: 20000 * Y, otherFen: 0, withheldFen: 0,
    });
    expect(r.seriousIllnessFen).toBe(80000 * Y);
    expect(r.privatePensionFen).toBe(12000 * Y);
  });
});

describe('VAT', () => {
  it('splits 113 including 13% into 100 and 13, and 106 at 6% into 100 and 6', () => {
    expect(vatFromInclusive(113 * Y, pct('13'))).toEqual({ exclusiveFen: 100 * Y, taxFen: 13 * Y, inclusiveFen: 113 * Y });
    expect(vatFromExclusive(100 * Y, pct('9'))).toEqual({ exclusiveFen: 100 * Y, taxFen: 9 * Y, inclusiveFen: 109 * Y });
  });

  it('exempts small-scale monthly sales of 100,000 and taxes 100,000.01 at 1% (公告2023年第19号)', () => {
    expect(smallScaleVat(rules, 100000 * Y, false, 'month')).toMatchObject({ exempt: true, taxFen: 0 });
    expect(smallScaleVat(rules, 10000001, false, 'month')).toMatchObject({ exempt: false, taxFen: 1000 * Y, ratePct: '1' });
    expect(smallScaleVat(rules, 300000 * Y, false, 'quarter')).toMatchObject({ exempt: true });
    expect(smallScaleVat(rules, 101000 * Y, true, 'month')).toMatchObject({ exempt: true, taxFen: 0 });
    expect(smallScaleVat(rules, 101101 * Y, true, 'month')).toMatchObject({ exempt: false, exclusiveFen: 100100 * Y, taxFen: 1001 * Y });
  });
});

describe('corporate income tax (公告2023年第12号: 25% of the income at 20%, an effective 5%)', () => {
  const base = { headcount: 80, assetsFen: 20_000_000 * Y, permittedIndustry: true, highTech: false };
  it('taxes a qualifying small low-profit enterprise with 2,000,000 of taxable income 100,000 (5%)', () => {
    const r = corporateIncomeTax(rules, { ...base, taxableFen: 2_000_000 * Y });
    expect(r.applied.kind).toBe('small-profit');
    expect(r.applied.taxFen).toBe(100_000 * Y);
    expect(r.applied.effectivePct).toBe('5');
  });

  it('keeps the preference at exactly 3,000,000, 300 people and 50,000,000 of assets, and loses it one fen, one person or one fen of assets above', () => {
    const at = { taxableFen: 3_000_000 * Y, headcount: 300, assetsFen: 50_000_000 * Y, permittedIndustry: true, highTech: false };
    expect(corporateIncomeTax(rules, at).applied.taxFen).toBe(150_000 * Y);
    expect(corporateIncomeTax(rules, { ...at, taxableFen: at.taxableFen + 1 }).applied.kind).toBe('standard');
    expect(corporateIncomeTax(rules, { ...at, headcount: 301 }).applied.kind).toBe('standard');
    expect(corporateIncomeTax(rules, { ...at, assetsFen: at.assetsFen + 1 }).applied.kind).toBe('standard');
    expect(corporateIncomeTax(rules, { ...at, permittedIndustry: false }).applied.kind).toBe('standard');
  });

  it('applies 15% for a certified high-tech enterprise above the small-profit limits', () => {
    const r = corporateIncomeTax(rules, { ...base, taxableFen: 10_000_000 * Y, highTech: true });
    expect(r.applied).toMatchObject({ kind: 'high-tech', taxFen: 1_500_000 * Y });
  });
});

describe('social insurance', () => {
  it('clamps the base to the floor and the ceiling of the city preset', () => {
    const bj = taxRules2025.social.cities[0]!;
    const rates = { employee: { pension: pct(8), medical: pct(2), unemployment: pct('0.5'), fund: pct(12) }, employer: { pension: pct(16), medical: pct('9.8'), unemployment: pct('0.5'), injury: pct('0.4'), fund: pct(12) }, employeeMedicalFixedFen: 300 };
    const low = socialInsurance({ wageFen: 5000 * Y, socialFloorFen: bj.socialBaseFloorFen, socialCeilingFen: bj.socialBaseCeilingFen, fundFloorFen: bj.fundBaseFloorFen, fundCeilingFen: bj.fundBaseCeilingFen, rates });
    expect(low.socialBaseFen).toBe(bj.socialBaseFloorFen);
    expect(low.socialClamped).toBe('floor');
    expect(low.lines[0]!.employeeFen).toBe(Math.round(bj.socialBaseFloorFen * 0.08));
    const high = socialInsurance({ wageFen: 100000 * Y, socialFloorFen: bj.socialBaseFloorFen, socialCeilingFen: bj.socialBaseCeilingFen, fundFloorFen: bj.fundBaseFloorFen, fundCeilingFen: bj.fundBaseCeilingFen, rates });
    expect(high.fundBaseFen).toBe(bj.fundBaseCeilingFen);
    expect(high.fundClamped).toBe('ceiling');
  });
});

describe('loans', () => {
  it('gives 5,307.27 a month for 1,000,000 over 30 years at 4.9% (equal instalments) and 6,861.11 first month for equal principal', () => {
    const a = loanSchedule(1_000_000 * Y, pct('4.9'), 360, 'annuity');
    expect(a.rows[0]!.paymentFen).toBe(530727);
    const p = loanSchedule(1_000_000 * Y, pct('4.9'), 360, 'principal');
    expect(p.rows[0]!.paymentFen).toBe(686111);
  });

  it('saves interest on a prepayment, lowering the instalment or shortening the term', () => {
    const reduce = prepayLoan(1_000_000 * Y, pct('4.9'), 360, 'annuity', { afterPeriod: 12, amountFen: 200_000 * Y, mode: 'reduce' });
    expect(reduce.remainingMonths).toBe(348);
    expect(reduce.newPaymentFen).toBeLessThan(530727);
    const shorten = prepayLoan(1_000_000 * Y, pct('4.9'), 360, 'annuity', { afterPeriod: 12, amountFen: 200_000 * Y, mode: 'shorten' });
    expect(shorten.remainingMonths).toBeLessThan(348);
    expect(shorten.interestSavedFen).toBeGreaterThan(reduce.interestSavedFen);
    expect(shorten.schedule.rows.reduce((a, r) => a + r.principalFen, 0)).toBe(1_000_000 * Y);
  });
});

describe('investment', () => {
  it('finds the IRR of the spreadsheet example (−70,000 then 12,000 … 26,000) at 8.66%', () => {
    const r = irr([-70000, 12000, 15000, 18000, 21000, 26000]);
    expect(r.kind).toBe('one');
    expect(r.kind === 'one' && r.rate).toBeCloseTo(0.086631, 5);
  });

  it('finds the XIRR of the spreadsheet example at 37.34%', () => {
    const r = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(r.kind === 'one' && r.rate).toBeCloseTo(0.373362535, 6);
  });

  it('says there is no IRR without a sign change, and several for −100, 230, −132 (10% and 20%)', () => {
    expect(irr([100, 50, 20])).toMatchObject({ kind: 'none' });
    const m = irr([-100, 230, -132]);
    expect(m.kind).toBe('multiple');
    expect(m.kind === 'multiple' && m.rates.map((x) => Math.round(x * 1000) / 1000)).toEqual([0.1, 0.2]);
  });

  it('computes payback 2.5 years for −1,000 then 400 a year, and a longer discounted payback', () => {
    expect(payback([-1000, 400, 400, 400, 400])).toBeCloseTo(2.5, 10);
    expect(payback([-1000, 400, 400, 400, 400], 0.1)!).toBeGreaterThan(2.5);
    expect(payback([-1000, 100])).toBeNull();
  });
});

describe('depreciation', () => {
  it('double declining balance of 100,000 with 4,000 salvage over 5 years: 40,000, 24,000, 14,400, then 8,800 twice', () => {
    const rows = depreciation(100000 * Y, 4000 * Y, 5, 'ddb');
    expect(rows.map((r) => r.depreciationFen / Y)).toEqual([40000, 24000, 14400, 8800, 8800]);
  });

  it('sum of the years digits: 32,000, 25,600, 19,200, 12,800, 6,400', () => {
    expect(depreciation(100000 * Y, 4000 * Y, 5, 'syd').map((r) => r.depreciationFen / Y)).toEqual([32000, 25600, 19200, 12800, 6400]);
  });

  it('straight line and units of production end at the salvage value exactly', () => {
    const s = depreciation(10000 * Y, 100, 3, 'straight');
    expect(s[2]!.bookValueFen).toBe(100);
    const u = depreciation(50000 * Y, 0, 0, 'units', { total: 1000, perYear: [300, 300, 400] });
    expect(u.map((r) => r.depreciationFen / Y)).toEqual([15000, 15000, 20000]);
  });
});

describe('money input', () => {
  it('refuses negative, non-numeric and three-decimal amounts with Chinese messages', () => {
    expect(parseYuan('-1', '月工资')).toEqual({ ok: false, message: '月工资不能为负数' });
    expect(parseYuan('abc', '月工资')).toEqual({ ok: false, message: '月工资必须是数字' });
    expect(parseYuan('1.234', '月工资')).toEqual({ ok: false, message: '月工资最多保留两位小数' });
    expect(parseYuan('0.07', '月工资')).toEqual({ ok: true, value: 7 });
  });
});

describe('properties', () => {
  const fenAmount = (max: number) => fc.integer({ min: 0, max: max * Y });

  it('monthly withholding is never negative and sums to the annual tax of the year income when each month covers its deductions', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fenAmount(200000), fenAmount(5000), fenAmount(10000)), { minLength: 12, maxLength: 12 }), (ms) => {
        const months = ms.map(([extra, social, special]) => ({ incomeFen: 5000 * Y + social + special + extra, socialFen: social, specialFen: special, otherFen: 0 }));
        const rows = cumulativeWithholding(rules, months);
        const annualTaxable = months.reduce((a, m) => a + m.incomeFen - m.socialFen - m.specialFen, 0) - 60000 * Y;
        expect(rows.every((r) => r.monthTaxFen >= 0)).toBe(true);
        expect(rows.reduce((a, r) => a + r.monthTaxFen, 0)).toBe(taxByBrackets(annualTaxable, rules.iit.annualBrackets.value).taxFen);
      }),
    );
  });

  it('monthly withholding is never negative and the amount withheld is never below the cumulative tax, for any incomes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fenAmount(100000), fenAmount(5000)), { minLength: 1, maxLength: 12 }), (ms) => {
        const rows = cumulativeWithholding(rules, ms.map(([i, s]) => ({ incomeFen: i, socialFen: s, specialFen: 0, otherFen: 0 })));
        for (const r of rows) {
          expect(r.monthTaxFen).toBeGreaterThanOrEqual(0);
          expect(r.cumWithheldFen).toBeGreaterThanOrEqual(r.cumTaxFen);
        }
      }),
    );
  });

  it('equal-instalment and equal-principal schedules sum to the principal and end at a zero balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1e10 }), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 360 }), fc.constantFrom('annuity' as const, 'principal' as const), (p, bp, n, method) => {
        const s = loanSchedule(p, new D(bp).div(10000), n, method);
        expect(s.rows.reduce((a, r) => a + r.principalFen, 0)).toBe(p);
        expect(s.rows[s.rows.length - 1]!.balanceFen).toBe(0);
        expect(s.rows.every((r) => r.principalFen >= 0 && Number.isInteger(r.interestFen))).toBe(true);
      }),
    );
  });

  it('NPV at the IRR is within 0.01 of zero for an investment followed by inflows returning at least 1% of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 15 }), (invest, inflows) => {
        fc.pre(inflows.reduce((a, b) => a + b, 0) * 100 >= invest);
        const flows = [-invest, ...inflows];
        const r = irr(flows);
        expect(r.kind).toBe('one');
        if (r.kind === 'one') expect(Math.abs(npv(r.rate, flows))).toBeLessThan(0.01);
      }),
    );
  });

  it('VAT split from a price including tax always adds back to the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom('13', '9', '6', '1', '3'), (fen, rate) => {
        const s = vatFromInclusive(fen, pct(rate));
        expect(s.exclusiveFen + s.taxFen).toBe(fen);
        expect(s.taxFen).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('every depreciation schedule totals cost minus salvage and never goes below salvage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom('straight' as const, 'ddb' as const, 'syd' as const), (cost, salvagePct, years, method) => {
        const salvage = Math.floor((cost * salvagePct) / 100);
        const rows = depreciation(cost, salvage, years, method);
        expect(rows[rows.length - 1]!.accumulatedFen).toBe(cost - salvage);
        expect(rows.every((r) => r.bookValueFen >= salvage && r.depreciationFen >= 0)).toBe(true);
      }),
    );
  });
});
