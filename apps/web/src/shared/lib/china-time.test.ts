import { afterEach, describe, expect, it } from 'vitest';
import source from './china-time.ts?raw';
import { chinaDate, chinaDateTime, chinaTime } from './china-time';

describe('China time', () => {
  it('moves an instant across the day boundary: 19:04 UTC on the 27th is 03:04 on the 28th in China', () => {
    expect(chinaDate('2026-11-27T19:04:00.000Z')).toBe('2026-11-28');
    expect(chinaDateTime('2026-11-27T19:04:00.000Z')).toBe('2026-11-28 03:04');
    expect(chinaTime('2026-11-27T19:04:00.000Z')).toBe('03:04');
    expect(chinaDateTime('2026-11-27T15:59:59.999Z')).toBe('2026-11-27 23:59');
  });

  it('reads midnight exactly as the start of the China day', () => {
    expect(chinaDate('2026-11-27T16:00:00.000Z')).toBe('2026-11-28');
    expect(chinaDateTime('2026-11-27T16:00:00.000Z')).toBe('2026-11-28 00:00');
    expect(chinaTime('2026-11-27T16:00:00.000Z')).toBe('00:00');
    expect(chinaDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00');
    expect(chinaDateTime('2028-02-28T16:00:00Z')).toBe('2028-02-29 00:00');
  });

  it('takes an ISO string with another offset, a Date and a number of milliseconds alike', () => {
    expect(chinaDateTime('2026-11-28T03:04:00+08:00')).toBe('2026-11-28 03:04');
    expect(chinaDateTime(new Date('2026-11-27T19:04:00Z'))).toBe('2026-11-28 03:04');
    expect(chinaDate(Date.UTC(2026, 10, 27, 19, 4))).toBe('2026-11-28');
    expect(chinaTime(Date.UTC(2026, 10, 27, 19, 4))).toBe('03:04');
  });

  it('reads a date-time without a zone as UTC, like the API strings', () => {
    expect(chinaDateTime('2026-11-27T19:04:00')).toBe('2026-11-28 03:04');
    expect(chinaDateTime('2026-11-27 19:04')).toBe('2026-11-28 03:04');
  });

  it('passes a plain calendar day through unchanged: it is already a China day', () => {
    expect(chinaDate('2026-11-27')).toBe('2026-11-27');
    expect(chinaDateTime('2026-11-27')).toBe('2026-11-27');
    expect(chinaTime('2026-11-27')).toBe('');
    expect(chinaTime('2026-11-27', '—')).toBe('—');
  });

  it("gives '' or the caller's fallback for no value and for a value that is not an instant", () => {
    for (const empty of [null, undefined, '', 'not a date', Number.NaN, new Date('nope'), 9e15]) {
      expect(chinaDate(empty)).toBe('');
      expect(chinaDateTime(empty)).toBe('');
      expect(chinaTime(empty)).toBe('');
      expect(chinaDate(empty, '—')).toBe('—');
      expect(chinaDateTime(empty, '-')).toBe('-');
    }
  });

  describe('whatever the runtime time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('gives the same text in %s', (zone) => {
      process.env.TZ = zone;
      const at = '2026-11-27T19:04:00.000Z';
      // The zone took effect: the local wall clock is not China's in any of them.
      const l = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      const localText = `${l.getFullYear()}-${pad(l.getMonth() + 1)}-${pad(l.getDate())} ${pad(l.getHours())}:${pad(l.getMinutes())}`;
      const expectedLocal: Record<string, string> = {
        'America/Los_Angeles': '2026-11-27 11:04',
        'Pacific/Kiritimati': '2026-11-28 09:04',
        UTC: '2026-11-27 19:04',
      };
      expect(localText).toBe(expectedLocal[zone]);
      expect(chinaDate(at)).toBe('2026-11-28');
      expect(chinaDateTime(at)).toBe('2026-11-28 03:04');
      expect(chinaDateTime('2026-11-27T19:04:00')).toBe('2026-11-28 03:04');
      expect(chinaDateTime(new Date(at))).toBe('2026-11-28 03:04');
    });

    it('never reads local-time fields (only the getUTC* ones)', () => {
      expect(source).not.toMatch(/\.get(FullYear|Month|Date|Day|Hours|Minutes|Seconds|TimezoneOffset)\(/);
      expect(source).not.toMatch(/toLocale|Intl\.|from ['"]dayjs/);
      expect(source).toMatch(/getUTCHours\(/);
    });
  });
});
