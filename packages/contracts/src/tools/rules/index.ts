/** The tax years the tools know, newest last. Adding a year: add its file and one entry here. */
import type { SourceNotice, TaxRules } from './types';
import { taxRules2025 } from './tax-rules-2025';
import { taxRules2026 } from './tax-rules-2026';

export type { TaxRules, SourceNotice, Bracket, CityPreset, Sourced } from './types';

export const TAX_RULES: readonly TaxRules[] = [taxRules2025, taxRules2026];
export const TAX_YEARS = TAX_RULES.map((r) => r.year);
export const LATEST_TAX_YEAR = Math.max(...TAX_YEARS);

export function rulesForYear(year: number): TaxRules | null {
  return TAX_RULES.find((r) => r.year === year) ?? null;
}

/** The rules for the calendar year of `today`, or the latest known year with a warning when today is past it. */
export function currentRules(today: Date): { rules: TaxRules; warning: string | null } {
  const year = today.getFullYear();
  const exact = rulesForYear(year);
  if (exact) return { rules: exact, warning: null };
  const latest = rulesForYear(LATEST_TAX_YEAR)!;
  if (year > LATEST_TAX_YEAR)
    return { rules: latest, warning: `当前日期已超出本工具所掌握的最新税收规则年度（${LATEST_TAX_YEAR}年），结果按${LATEST_TAX_YEAR}年规则计算，请核对最新政策。` };
  return { rules: TAX_RULES[0]!, warning: null };
}

/** Warning for an explicitly chosen year when today is past the latest year known. */
export function staleRulesWarning(today: Date): string | null {
  return today.getFullYear() > LATEST_TAX_YEAR
    ? `当前日期已超出本工具所掌握的最新税收规则年度（${LATEST_TAX_YEAR}年），请核对最新政策。`
    : null;
}

export function sourceOf(rules: TaxRules, key: string): SourceNotice {
  const s = rules.sources[key];
  if (!s) throw new Error(`rules ${rules.year}: unknown source ${key}`);
  return s;
}
