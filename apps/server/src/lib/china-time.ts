/** The China-time (UTC+8, no daylight saving) calendar day of an instant, as YYYY-MM-DD. */
export function chinaDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
