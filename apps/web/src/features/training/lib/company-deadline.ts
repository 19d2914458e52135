import { ASSIGNMENT_DEADLINE_MAX_DAYS } from '@app/contracts/training/training.rules';
import { chinaDate } from '@/shared/lib/china-time';

const DAY_MS = 86_400_000;

/** The YYYY-MM-DD day `n` calendar days after the China day `day`. */
export function addDays(day: string, n: number): string {
  return chinaDate(Date.parse(`${day}T00:00:00+08:00`) + n * DAY_MS);
}

/**
 * Whether a deadline day cannot be chosen: before today (China time, as the server reads deadlines) or beyond the
 * furthest deadline the contracts allow.
 */
export function deadlineDisabled(day: string, today: string): boolean {
  return day < today || day > addDays(today, ASSIGNMENT_DEADLINE_MAX_DAYS);
}
