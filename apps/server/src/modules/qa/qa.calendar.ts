import chineseDays from 'chinese-days/dist/chinese-days.json' with { type: 'json' };

/**
 * The Chinese work calendar behind the "answer within 2 working days" promise (docs/decisions.md, "Q&A due time").
 *
 * Days are China-time calendar days (UTC+8, no daylight saving), written yyyy-MM-dd. A day is a working day when:
 * staff's entry for it says so (the qa_holidays table overrides everything); else, for a year the chinese-days
 * package covers, the package's data (statutory holidays off, adjusted working weekends 调休 on); else, for a year
 * nobody covers, Monday to Friday (the fallback staff are warned about).
 */

export type DayKind = 'holiday' | 'workday';

export interface CalendarOverride {
  date: string;
  kind: DayKind;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CHINA_OFFSET_MS = 8 * HOUR_MS;

const packageData = chineseDays as { holidays: Record<string, string>; workdays: Record<string, string> };

/** Years the installed chinese-days data covers (a year counts when it lists at least one holiday). */
export const PACKAGE_YEARS: ReadonlySet<number> = new Set(
  Object.keys(packageData.holidays).map((d) => Number(d.slice(0, 4))),
);

/** Name of a package holiday or adjusted working day, e.g. 国庆节. */
export function packageDayName(date: string): string | null {
  const raw = packageData.holidays[date] ?? packageData.workdays[date];
  return raw ? (raw.split(',')[1] ?? null) : null;
}

/** The package's entries of one year (holidays and adjusted working days, weekends not listed). */
export function packageEntries(year: number): { date: string; kind: DayKind; name: string }[] {
  const prefix = `${year}-`;
  const out: { date: string; kind: DayKind; name: string }[] = [];
  for (const [date, raw] of Object.entries(packageData.holidays))
    if (date.startsWith(prefix)) out.push({ date, kind: 'holiday', name: raw.split(',')[1] ?? '' });
  for (const [date, raw] of Object.entries(packageData.workdays))
    if (date.startsWith(prefix))
      out.push({ date, kind: 'workday', name: `${raw.split(',')[1] ?? ''}调休上班` });
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** yyyy-MM-dd of the China-time day an instant falls in. */
export function chinaDate(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant 00:00 China time of a yyyy-MM-dd day. */
export function chinaMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface WorkCalendar {
  isWorkday(date: string): boolean;
  /** True when neither the package nor staff's entries cover the year: weekends only. */
  isYearMissing(year: number): boolean;
  /** When an answer is due for a question asked at `askedAt`. */
  dueAt(askedAt: Date, workingDays?: number): Date;
  /** `hours` of working-day time before `at` (the due-soon reminder instant). */
  workingHoursBefore(at: Date, hours: number): Date;
}

/** A calendar over the package's data with staff's entries on top; `staffYears` are the years staff have covered. */
export function createWorkCalendar(overrides: readonly CalendarOverride[] = []): WorkCalendar {
  const byDate = new Map(overrides.map((o) => [o.date, o.kind]));
  const staffYears = new Set(overrides.map((o) => Number(o.date.slice(0, 4))));

  const isWorkday = (date: string): boolean => {
    const own = byDate.get(date);
    if (own) return own === 'workday';
    const year = Number(date.slice(0, 4));
    if (PACKAGE_YEARS.has(year)) {
      if (packageData.holidays[date]) return false;
      if (packageData.workdays[date]) return true;
    }
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  };

  const nextWorkday = (date: string): string => {
    let d = addDays(date, 1);
    // A year without a single working day cannot happen; the bound only stops a runaway loop on broken data.
    for (let i = 0; i < 366 && !isWorkday(d); i++) d = addDays(d, 1);
    return d;
  };

  return {
    isWorkday,
    isYearMissing: (year) => !PACKAGE_YEARS.has(year) && !staffYears.has(year),

    dueAt(askedAt, workingDays = 2) {
      // The clock starts when the question is asked on a working day, otherwise at 00:00 of the next working day;
      // the answer is due at the same China clock time on the n-th working day after the start day.
      let startDay = chinaDate(askedAt);
      let clockMs = askedAt.getTime() - chinaMidnight(startDay).getTime();
      if (!isWorkday(startDay)) {
        startDay = nextWorkday(startDay);
        clockMs = 0;
      }
      let day = startDay;
      for (let i = 0; i < workingDays; i++) day = nextWorkday(day);
      return new Date(chinaMidnight(day).getTime() + clockMs);
    },

    workingHoursBefore(at, hours) {
      // Walk back over whole China days, counting only the time that lies in working days.
      let left = hours * HOUR_MS;
      let cursor = at.getTime();
      for (let i = 0; i < 400; i++) {
        const day = chinaDate(new Date(cursor - 1));
        const dayStart = chinaMidnight(day).getTime();
        if (isWorkday(day)) {
          const available = cursor - dayStart;
          if (available >= left) return new Date(cursor - left);
          left -= available;
        }
        cursor = dayStart;
      }
      return new Date(cursor);
    },
  };
}
