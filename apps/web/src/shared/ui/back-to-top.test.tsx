import { describe, expect, it } from 'vitest';
import { floatingRight } from './back-to-top';

describe('back-to-top placement', () => {
  it('floats 80 px from the right (SPEC §2) where the margin beside the 1200 px column is wide', () => {
    expect(floatingRight(1920)).toBe(80);
    expect(floatingRight(1600)).toBe(80);
  });

  it('moves nearer the edge on a narrower margin, keeping 16 px from the column', () => {
    // 1366 px without a scrollbar: an 83 px margin, the button 16 px from the column and 23 px from the edge.
    expect(floatingRight(1366)).toBe(23);
    expect(1366 - floatingRight(1366)! - 44 - (1366 + 1200) / 2).toBeGreaterThanOrEqual(16);
  });

  it('does not float where the margin cannot hold it clear of the content: 1366 px less a 17 px scrollbar, a laptop, a phone', () => {
    expect(floatingRight(1349)).toBeNull();
    expect(floatingRight(1280)).toBeNull();
    expect(floatingRight(390)).toBeNull();
  });
});
