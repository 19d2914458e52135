/**
 * Unified social credit code (统一社会信用代码), GB 32100-2015: 18 characters from a 31-character alphabet
 * (digits and capital letters without I, O, Z, S, V); the 18th is a check character computed from the first 17
 * with weights 3^i mod 31.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
export const CREDIT_CODE_REGEX = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;

/** Check character for the first 17 characters, or null when they contain a character outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * WEIGHTS[i]!;
  }
  const c = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_ALPHABET[c]!;
}

/** True when `code` (already upper-cased) has the right form and check character. */
export function isValidCreditCode(code: string): boolean {
  if (!CREDIT_CODE_REGEX.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
