import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, recordIdSchema } from './ids';

describe('record ids', () => {
  const id = recordIdSchema('记录不存在');

  it('accept whole numbers from 1 to the largest database integer, also as text', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(MAX_RECORD_ID)).toBe(MAX_RECORD_ID);
  });

  it('refuse zero, negatives, fractions, text and numbers the database cannot hold with the given message', () => {
    for (const bad of [0, -3, 1.5, 'abc', MAX_RECORD_ID + 1, '99999999999999999999']) {
      const r = id.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('记录不存在');
    }
  });
});
