/**
 * Every date the web app shows is China time (UTC+8 all year, no daylight saving), whatever the zone of the browser
 * or of the server that renders the page (DECISIONS reading 19), in one format per kind: date `YYYY-MM-DD`, date-time
 * `YYYY-MM-DD HH:mm`, time `HH:mm`. A server-rendered date is then the same text the browser draws, so hydration keeps it.
 *
 * The instant is moved 8 hours and read with the UTC getters only, so the runtime's own zone never enters. Kept free of
 * dependencies: the home page's news list uses it.
 *
 * Conventions: a plain calendar day (`YYYY-MM-DD`, as the API sends dates without a time) is already a China day and is
 * returned as it is (a date-time of it is that day; it has no time). null, undefined, '' and a value that is not a
 * readable instant give `fallback`, '' unless the caller names another (e.g. '—'). A date-time string without a zone
 * (`2026-11-27T19:04:00`) is read as UTC, like the API's own `…Z` strings.
 */
export type Instant = string | number | Date | null | undefined;

const CHINA_OFFSET_MS = 8 * 3_600_000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const isPlainDate = (value: Instant): value is string => typeof value === 'string' && PLAIN_DATE.test(value);

/** The instant moved to China's wall clock (read it with getUTC* only), or null when there is none. */
function chinaWall(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else ms = Date.parse(NO_ZONE.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  if (!Number.isFinite(ms)) return null;
  const wall = new Date(ms + CHINA_OFFSET_MS);
  return Number.isNaN(wall.getTime()) ? null : wall;
}

const two = (n: number) => String(n).padStart(2, '0');
const dayOf = (w: Date) =>
  `${String(w.getUTCFullYear()).padStart(4, '0')}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}`;
const clockOf = (w: Date) => `${two(w.getUTCHours())}:${two(w.getUTCMinutes())}`;

/** 2026-11-28: the China calendar day of an instant. */
export function chinaDate(value: Instant, fallback = ''): string {
  if (isPlainDate(value)) return value;
  const w = chinaWall(value);
  return w ? dayOf(w) : fallback;
}

/** 2026-11-28 03:04: the China date and wall-clock time of an instant. */
export function chinaDateTime(value: Instant, fallback = ''): string {
  if (isPlainDate(value)) return value;
  const w = chinaWall(value);
  return w ? `${dayOf(w)} ${clockOf(w)}` : fallback;
}

/** 03:04: the China wall-clock time of an instant (a plain calendar day has none: fallback). */
export function chinaTime(value: Instant, fallback = ''): string {
  if (isPlainDate(value)) return fallback;
  const w = chinaWall(value);
  return w ? clockOf(w) : fallback;
}
