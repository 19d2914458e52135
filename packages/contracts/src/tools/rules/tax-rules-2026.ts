/**
 * Tax rules for the 2026 tax year. Individual and corporate income tax figures are unchanged from 2025 (the same
 * notices remain in force: the year-end bonus, special additional deductions and small low-profit enterprise
 * policies run to 2027-12-31). VAT rates now come from the Value-Added Tax Law in force since 2026-01-01; the
 * small-scale 1% rate and 100,000 元 monthly exemption still follow 财政部 税务总局公告2023年第19号.
 */
import type { TaxRules } from './types';
import { taxRules2025 } from './tax-rules-2025';

const Y = 100;

export const taxRules2026: TaxRules = {
  ...taxRules2025,
  year: 2026,
  checkedOn: '2026-01-01',
  sources: {
    ...taxRules2025.sources,
    vatLaw: { title: '中华人民共和国增值税法', number: '2024年12月25日第十四届全国人大常委会第十三次会议通过，2026年1月1日起施行，第十条、第十一条' },
  },
  vat: {
    generalRatesPct: { value: ['13', '9', '6'], src: 'vatLaw' },
    smallScaleLevyPct: { value: '3', src: 'vatLaw' },
    smallScaleReducedPct: { value: '1', src: 'vatSmallScale' },
    smallScaleReducedUntil: { value: '2027-12-31', src: 'vatSmallScale' },
    smallScaleMonthlyExemptFen: { value: 100000 * Y, src: 'vatSmallScale' },
    smallScaleQuarterlyExemptFen: { value: 300000 * Y, src: 'vatSmallScale' },
  },
};
