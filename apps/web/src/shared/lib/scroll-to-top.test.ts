import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToTop } from './scroll-to-top';

afterEach(() => vi.useRealTimers());

function fakeScroll(start: number) {
  const state = { y: start };
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => state.y);
  const scrollTo = vi.fn((_x: number, y: number) => {
    state.y = y;
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  return { state, scrollTo };
}

describe('back-to-top scrolling', () => {
  it('moves up 15 px every 5 ms until the top', () => {
    vi.useFakeTimers();
    const { state, scrollTo } = fakeScroll(40);
    scrollToTop();
    vi.advanceTimersByTime(5);
    expect(state.y).toBe(25);
    vi.advanceTimersByTime(5);
    expect(state.y).toBe(10);
    vi.advanceTimersByTime(5);
    expect(state.y).toBe(0);
    vi.advanceTimersByTime(50);
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('stops when the user wheels', () => {
    vi.useFakeTimers();
    const { state } = fakeScroll(600);
    scrollToTop();
    vi.advanceTimersByTime(10);
    expect(state.y).toBe(570);
    window.dispatchEvent(new Event('wheel'));
    vi.advanceTimersByTime(100);
    expect(state.y).toBe(570);
  });
});
