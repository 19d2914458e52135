import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

describe('swipeDirection', () => {
  it('turns to the next question on a swipe to the left and back on a swipe to the right', () => {
    expect(swipeDirection(-120, 10)).toBe(1);
    expect(swipeDirection(90, -20)).toBe(-1);
  });

  it('ignores taps, short drags and vertical scrolling', () => {
    expect(swipeDirection(0, 0)).toBe(0);
    expect(swipeDirection(-40, 0)).toBe(0);
    expect(swipeDirection(-100, 80)).toBe(0);
    expect(swipeDirection(5, 300)).toBe(0);
  });
});
