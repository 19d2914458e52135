import { describe, expect, it } from 'vitest';
import { creditText, evaluateCreditYear, minutesToCredits, professionalRequired, type CreditRuleTerms } from './credits.rules';

/** 财会〔2018〕10号: at least 90 a year, 专业科目 at least two thirds. */
const NATIONAL: CreditRuleTerms = { required_total: 900, professional_min: null, professional_share: [2, 3], public_min: null };
/** The Jiangsu variant: 公需科目 at least 30 and 专业科目 at least 60. */
const JIANGSU: CreditRuleTerms = { required_total: 900, professional_min: 600, professional_share: null, public_min: 300 };

const p = (credits: number) => ({ category: 'professional' as const, credits });
const g = (credits: number) => ({ category: 'public' as const, credits });

describe('a year under the national rule', () => {
  it('90 credits with 60 专业科目 are 达标', () => {
    const y = evaluateCreditYear(NATIONAL, [p(600), g(300)]);
    expect(y).toMatchObject({ total: 900, professional: 600, public: 300, met: true });
    expect(y.missing).toEqual({ total: 0, professional: 0, public: 0 });
  });

  it('90 credits with 59 专业科目 are 未达标, one 专业 credit missing', () => {
    const y = evaluateCreditYear(NATIONAL, [p(590), g(310)]);
    expect(y.met).toBe(false);
    expect(y.missing).toEqual({ total: 0, professional: 10, public: 0 });
  });

  it('reads two thirds against the required total: more 公需科目 never turns a met minimum into a miss', () => {
    expect(professionalRequired(NATIONAL)).toBe(600);
    expect(evaluateCreditYear(NATIONAL, [p(600), g(600)]).met).toBe(true);
  });

  it('counts the total: 60 专业科目 alone leave 30 missing', () => {
    expect(evaluateCreditYear(NATIONAL, [p(600)]).missing).toEqual({ total: 300, professional: 0, public: 0 });
  });
});

describe('a year under the Jiangsu variant', () => {
  it('needs 30 公需科目 beside 60 专业科目', () => {
    expect(evaluateCreditYear(JIANGSU, [p(900)]).missing).toEqual({ total: 0, professional: 0, public: 300 });
    expect(evaluateCreditYear(JIANGSU, [p(600), g(300)]).met).toBe(true);
    expect(evaluateCreditYear(JIANGSU, [p(590), g(310)]).met).toBe(false);
  });
});

describe('minutes to credits at 50 minutes a credit', () => {
  it('rounds down to a tenth of a credit', () => {
    expect(minutesToCredits(50, 50)).toBe(10);
    expect(minutesToCredits(74, 50)).toBe(14);
    expect(minutesToCredits(4, 50)).toBe(0);
    expect(minutesToCredits(5, 50)).toBe(1);
    expect(minutesToCredits(49.9, 50)).toBe(9);
    expect(minutesToCredits(0, 50)).toBe(0);
    expect(minutesToCredits(-10, 50)).toBe(0);
  });
});

describe('credit text', () => {
  it('shows whole credits without a decimal and tenths with one', () => {
    expect(creditText(900)).toBe('90');
    expect(creditText(15)).toBe('1.5');
    expect(creditText(0)).toBe('0');
  });
});
