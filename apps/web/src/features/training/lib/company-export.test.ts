import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_DEADLINE_MAX_DAYS } from '@app/contracts/training/training.rules';
import { addDays, deadlineDisabled } from './company-deadline';
import { employeesExportUrl, employeesFileName, summaryFileName, summaryPdfUrl } from './company-export';

describe('the export follows the list the company is looking at', () => {
  it('asks for every employee when the list is neither searched nor filtered', () => {
    expect(employeesExportUrl({})).toBe('/api/company_training/employees.xlsx');
    expect(employeesExportUrl({ keyword: '   ' })).toBe('/api/company_training/employees.xlsx');
  });

  it('carries the trimmed search and the filter, encoded', () => {
    expect(employeesExportUrl({ keyword: ' 王 芳 ', filter: 'credits_unmet' })).toBe(
      '/api/company_training/employees.xlsx?keyword=%E7%8E%8B+%E8%8A%B3&filter=credits_unmet',
    );
    expect(employeesExportUrl({ filter: 'overdue' })).toBe('/api/company_training/employees.xlsx?filter=overdue');
  });

  it('asks for the year’s summary and names both files in Chinese, without characters a file system refuses', () => {
    expect(summaryPdfUrl(2026)).toBe('/api/company_training/summary.pdf?year=2026');
    expect(employeesFileName('华财/科技', '2026-11-28')).toBe('华财科技_员工培训情况_2026-11-28.xlsx');
    expect(summaryFileName('', 2026)).toBe('企业_2026年度培训汇总.pdf');
  });
});

describe('deadline days', () => {
  it('offers today up to the furthest deadline, nothing before or after', () => {
    const today = '2026-11-28';
    expect(deadlineDisabled('2026-11-27', today)).toBe(true);
    expect(deadlineDisabled(today, today)).toBe(false);
    const last = addDays(today, ASSIGNMENT_DEADLINE_MAX_DAYS);
    expect(last).toBe('2028-05-29');
    expect(deadlineDisabled(last, today)).toBe(false);
    expect(deadlineDisabled(addDays(last, 1), today)).toBe(true);
  });
});
