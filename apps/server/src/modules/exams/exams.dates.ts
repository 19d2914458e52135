const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 2025年1月1日, China time. */
export function chinaDateText(d: Date): string {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  return `${c.getUTCFullYear()}年${c.getUTCMonth() + 1}月${c.getUTCDate()}日`;
}

/** yyyy, China time. */
export function chinaYear(d: Date): number {
  return new Date(d.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
}

/** The same day-of-month `months` later (clamped to the month's end). */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}
