/** A sideways swipe turns the page: longer than this many pixels and at least twice as sideways as up or down. */
export const SWIPE_MIN_PX = 60;

/** 1: to the next question (a swipe to the left), -1: to the previous one, 0: not a page turn (a scroll, a tap). */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
