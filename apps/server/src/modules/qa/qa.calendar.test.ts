import { describe, expect, it } from 'vitest';
import { createWorkCalendar, PACKAGE_YEARS } from './qa.calendar';

// Expected due times are worked out by hand from the State Council General Office's holiday notices:
// 2025: 国办发明电〔2024〕12号 (Spring Festival 1月28日-2月4日 off, 1月26日(周日) and 2月8日(周六) worked;
//       Labour Day 5月1日-5日 off, 4月27日(周日) worked; National Day and Mid-Autumn 10月1日-8日 off,
//       9月28日(周日) and 10月11日(周六) worked).
// 2026: 国办发明电〔2025〕7号 (New Year 1月1日-3日 off, 1月4日(周日) worked; Spring Festival 2月15日-23日 off,
//       2月14日(周六) and 2月28日(周六) worked; National Day 10月1日-7日 off, 9月20日(周日) and 10月10日(周六) worked).
// 2027: not in the installed chinese-days data; New Year's Day (1月1日, a Friday) is a statutory holiday by the
//       全国年节及纪念日放假办法 itself, so staff entering it is the case the database extension exists for.
const cal = createWorkCalendar();
const due = (askedAt: string) => cal.dueAt(new Date(askedAt)).toISOString();
const iso = (chinaTime: string) => new Date(chinaTime).toISOString();

describe('due time: 2 working days on the Chinese work calendar', () => {
  it('Friday before National Day 2025: the adjusted working Sunday 9月28日 counts, due Monday 9月29日 same time', () => {
    expect(due('2025-09-26T10:30:00+08:00')).toBe(iso('2025-09-29T10:30:00+08:00'));
  });

  it('last working day before National Day 2025 (Tue 9月30日): the 8-day holiday is skipped, due Fri 10月10日', () => {
    expect(due('2025-09-30T15:00:00+08:00')).toBe(iso('2025-10-10T15:00:00+08:00'));
  });

  it('last working day before Spring Festival 2025 (Mon 1月27日): due Thu 2月6日 after the 1月28日-2月4日 holiday', () => {
    expect(due('2025-01-27T16:00:00+08:00')).toBe(iso('2025-02-06T16:00:00+08:00'));
  });

  it('Friday before Spring Festival 2026: the adjusted working Saturday 2月14日 is day 1, due Tue 2月24日', () => {
    expect(due('2026-02-13T09:30:00+08:00')).toBe(iso('2026-02-24T09:30:00+08:00'));
  });

  it('asked on the adjusted working Saturday 10月11日 2025: counts from then, due Tue 10月14日', () => {
    expect(due('2025-10-11T10:00:00+08:00')).toBe(iso('2025-10-14T10:00:00+08:00'));
  });

  it('asked on the adjusted working Saturday 2月28日 2026: due Tue 3月3日', () => {
    expect(due('2026-02-28T14:00:00+08:00')).toBe(iso('2026-03-03T14:00:00+08:00'));
  });

  it('23:59 on the working day before Labour Day 2025 (Wed 4月30日): due 23:59 on Wed 5月7日', () => {
    expect(due('2025-04-30T23:59:00+08:00')).toBe(iso('2025-05-07T23:59:00+08:00'));
  });

  it('23:59 on an ordinary Wednesday (2026-11-25): due 23:59 on Friday, China time not UTC', () => {
    expect(due('2026-11-25T23:59:00+08:00')).toBe(iso('2026-11-27T23:59:00+08:00'));
  });

  it('asked during a holiday (National Day 2025, 10月3日): counts from 00:00 of 10月9日, due 00:00 of Sat 10月11日', () => {
    expect(due('2025-10-03T12:00:00+08:00')).toBe(iso('2025-10-11T00:00:00+08:00'));
  });

  it('asked on an ordinary Sunday: counts from Monday 00:00, due Wednesday 00:00', () => {
    expect(due('2025-11-16T20:00:00+08:00')).toBe(iso('2025-11-19T00:00:00+08:00'));
  });

  it('the adjusted working Sunday before New Year 2026 (1月4日) is a working day', () => {
    expect(cal.isWorkday('2026-01-04')).toBe(true);
    expect(cal.isWorkday('2026-01-02')).toBe(false);
    expect(due('2025-12-31T11:00:00+08:00')).toBe(iso('2026-01-05T11:00:00+08:00'));
  });
});

describe('years the package does not cover', () => {
  it('the installed package covers 2025 and 2026', () => {
    expect(PACKAGE_YEARS.has(2025)).toBe(true);
    expect(PACKAGE_YEARS.has(2026)).toBe(true);
  });

  it('without data for 2027 falls back to weekends only and reports the year missing', () => {
    expect(PACKAGE_YEARS.has(2027)).toBe(false);
    expect(cal.isYearMissing(2027)).toBe(true);
    // New Year's Day 2027 (a Friday) is wrongly counted as a working day until staff enter it.
    expect(due('2026-12-31T10:00:00+08:00')).toBe(iso('2027-01-04T10:00:00+08:00'));
  });

  it("staff's entries extend a missing year: with 2027-01-01 entered, due Tue 1月5日 and the year is covered", () => {
    const extended = createWorkCalendar([{ date: '2027-01-01', kind: 'holiday' }]);
    expect(extended.isYearMissing(2027)).toBe(false);
    expect(extended.dueAt(new Date('2026-12-31T10:00:00+08:00')).toISOString()).toBe(
      iso('2027-01-05T10:00:00+08:00'),
    );
  });

  it("staff's entries override the package (a day turned into a working day)", () => {
    const changed = createWorkCalendar([{ date: '2025-10-08', kind: 'workday' }]);
    expect(changed.dueAt(new Date('2025-09-30T15:00:00+08:00')).toISOString()).toBe(
      iso('2025-10-09T15:00:00+08:00'),
    );
  });
});

describe('due-soon reminder: 4 working hours before the due time', () => {
  it('inside one working day it is 4 hours earlier', () => {
    expect(cal.workingHoursBefore(new Date('2025-09-29T10:30:00+08:00'), 4).toISOString()).toBe(
      iso('2025-09-29T06:30:00+08:00'),
    );
  });

  it('a due time at 02:00 after a holiday reaches back into the last working day before it', () => {
    // Due Thu 2025-10-09 02:00: 2 working hours on 10月9日, the other 2 on 9月30日 (10月1日-8日 are off).
    expect(cal.workingHoursBefore(new Date('2025-10-09T02:00:00+08:00'), 4).toISOString()).toBe(
      iso('2025-09-30T22:00:00+08:00'),
    );
  });
});
