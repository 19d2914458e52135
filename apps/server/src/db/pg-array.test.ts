import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { rowsOf } from './sql';
import { pgArray } from './pg-array';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pgArray', () => {
  it('round-trips numbers, timestamps and text with quotes, backslashes, commas and braces through unnest', async () => {
    const texts = ['playing', 'a"b', 'c\\d', 'e,f', '{g}', '', 'NULL', '中文'];
    const nums = [1, 2.5, -3, 1e-7, 0, 42, 7, 8];
    const times = texts.map((_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString());
    const rows = await rowsOf<{ s: string; n: number; at: string }>(
      t.db,
      sql`SELECT s, n, to_char(at AT TIME ZONE 'UTC', 'SS') AS at
            FROM unnest(${pgArray(texts)}::text[], ${pgArray(nums)}::float8[], ${pgArray(times)}::timestamptz[]) WITH ORDINALITY AS v(s, n, at, i)
           ORDER BY i`,
    );
    expect(rows.map((r) => r.s)).toEqual(texts);
    expect(rows.map((r) => Number(r.n))).toEqual(nums);
    expect(rows.map((r) => Number(r.at))).toEqual(texts.map((_, i) => i));
  });

  it('refuses a number PostgreSQL would read differently', () => {
    expect(() => pgArray([Number.NaN])).toThrow(RangeError);
    expect(() => pgArray([Infinity])).toThrow(RangeError);
  });
});
