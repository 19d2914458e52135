import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code';
import { registerBodySchema } from './auth.schemas';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes whose 18th character is the computed check character', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91110000600037341L')).toBe(true);
    expect(creditCodeCheckChar('91110108MA01ABCD1')).toBe('E');
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y433')).toBe(false);
    // I, O, S, V, Z are not in the alphabet even when the sum would fit.
    expect(isValidCreditCode('9135010OM000100Y43')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
  });

  it('maps a zero remainder to the check character 0', () => {
    // Find a 17-character prefix whose weighted sum is divisible by 31 by varying the last position.
    const base = '9135010000000000';
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const prefix = [...alphabet].map((c) => base + c).find((p) => creditCodeCheckChar(p) === '0');
    expect(prefix).toBeDefined();
    expect(isValidCreditCode(`${prefix}0`)).toBe(true);
  });
});

describe('register body', () => {
  const personal = { phone: '13800138100', code: '123456', password: 'abc_12345' };

  it('needs company name and a valid credit code for a company, upper-casing the code', () => {
    const bad = registerBodySchema.safeParse({ ...personal, role: 'company', company_name: '示例', credit_code: '91350100M000100Y44' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['credit_code', '统一社会信用代码不正确']]);
    const missing = registerBodySchema.safeParse({ ...personal, role: 'company' });
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['company_name', 'credit_code']);
    const good = registerBodySchema.safeParse({ ...personal, role: 'company', company_name: ' 示例 ', credit_code: '91350100m000100y43' });
    expect(good.data).toMatchObject({ role: 'company', company_name: '示例', credit_code: '91350100M000100Y43' });
  });

  it('defaults to a personal account and ignores company fields for it', () => {
    const r = registerBodySchema.parse({ ...personal, credit_code: 'nonsense' });
    expect(r.role).toBe('personal');
    expect(r.credit_code).toBeUndefined();
  });
});
