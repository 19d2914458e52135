// Q&A by use case: the work calendar that sets answer deadlines (the package's holidays and staff's own days) and
// the month's in-time figures.
import { qaMessages as m, type CalendarYear, type HolidayBody, type QaStats } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import { monthStart, type QaServiceDeps, type QaShared } from './qa-shared';
import { chinaDate, packageEntries, PACKAGE_YEARS } from './qa.calendar';
import { qaRepository as repo } from './qa.repository';

export function createQaWorkCalendarService(
  { db, clock, audit }: Pick<QaServiceDeps, 'db' | 'clock' | 'audit'>,
  { calendar }: QaShared,
) {
  async function calendarYear(year: number): Promise<CalendarYear> {
    const own = (await repo.holidays(db)).filter((h) => h.date.startsWith(`${year}-`));
    const fromPackage = PACKAGE_YEARS.has(year) ? packageEntries(year) : [];
    const merged = new Map(fromPackage.map((e) => [e.date, e]));
    for (const h of own) merged.set(h.date, { date: h.date, kind: h.kind, name: h.name });
    const source =
      fromPackage.length && own.length
        ? 'package+staff'
        : fromPackage.length
          ? 'package'
          : own.length
            ? 'staff'
            : 'none';
    return { year, source, entries: [...merged.values()].sort((a, b) => a.date.localeCompare(b.date)) };
  }

  return {
    calendar,

    async stats(): Promise<QaStats> {
      const now = clock.now();
      const s = await repo.monthStats(db, monthStart(now), now);
      const cal = await calendar();
      const year = Number(chinaDate(now).slice(0, 4));
      return {
        month: chinaDate(now).slice(0, 7),
        member_questions_due: s.due,
        member_answered_in_time: s.in_time,
        in_time_share: s.due ? s.in_time / s.due : null,
        waiting: s.waiting,
        overdue: s.overdue,
        missing_calendar_years: [year, year + 1].filter((y) => cal.isYearMissing(y)),
      };
    },

    calendarYear,

    async saveHoliday(staff: StaffActor, body: Required<HolidayBody>): Promise<CalendarYear> {
      if (
        Number.isNaN(Date.parse(`${body.date}T00:00:00Z`)) ||
        new Date(`${body.date}T00:00:00Z`).toISOString().slice(0, 10) !== body.date
      )
        throw AppError.badRequest(m.holidayDateInvalid, { date: m.holidayDateInvalid });
      await db.transaction(async (tx) => {
        await repo.saveHoliday(tx, { ...body, now: clock.now() });
        await audit.record(tx, staff, {
          action: 'work_calendar.save',
          entity: 'work_calendar',
          entityId: body.date,
          before: null,
          after: body,
        });
      });
      return calendarYear(Number(body.date.slice(0, 4)));
    },

    async deleteHoliday(staff: StaffActor, date: string): Promise<CalendarYear> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteHoliday(tx, date))) throw AppError.notFound('该日期没有工作人员添加的记录');
        await audit.record(tx, staff, {
          action: 'work_calendar.delete',
          entity: 'work_calendar',
          entityId: date,
          before: { date },
          after: null,
        });
      });
      return calendarYear(Number(date.slice(0, 4)));
    },
  };
}
