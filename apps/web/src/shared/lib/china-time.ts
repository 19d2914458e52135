import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** China time is UTC+8 all year (no daylight saving). */
export const CHINA_UTC_OFFSET_MINUTES = 480;

/**
 * A moment read in China time (DECISIONS reading 19), whatever the zone of the browser or of the server that renders
 * the page: a server-rendered date is the same text the browser draws, so hydration does not replace it.
 */
export function chinaTime(value?: string | number | Date | Dayjs | null): Dayjs {
  return dayjs(value ?? undefined).utcOffset(CHINA_UTC_OFFSET_MINUTES);
}
