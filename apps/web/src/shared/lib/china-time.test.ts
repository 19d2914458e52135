import { describe, expect, it } from 'vitest';
import { chinaTime } from './china-time';

describe('chinaTime', () => {
  it('reads an instant as the wall clock in China (UTC+8), whatever the runtime zone', () => {
    expect(chinaTime('2026-08-29T21:34:02.855Z').format('YYYY-MM-DD HH:mm')).toBe('2026-08-30 05:34');
    expect(chinaTime('2026-01-01T00:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 08:00');
  });

  it('keeps the instant itself: comparisons and arithmetic are unchanged', () => {
    const iso = '2026-08-29T21:34:02.855Z';
    expect(chinaTime(iso).valueOf()).toBe(Date.parse(iso));
    expect(chinaTime(iso).add(1, 'day').toISOString()).toBe('2026-08-30T21:34:02.855Z');
  });
});
