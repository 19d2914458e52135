import { SCROLL_STEP_MS, SCROLL_STEP_PX } from '@app/contracts/common/constants';

/**
 * Scrolls the window up SCROLL_STEP_PX every SCROLL_STEP_MS (SPEC §9) until the top. Stops early when the user
 * takes over (wheel, touch, key, mouse down). Returns a cancel function.
 */
export function scrollToTop(win: Window = window): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const userEvents = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    for (const ev of userEvents) win.removeEventListener(ev, stop);
  };

  for (const ev of userEvents) win.addEventListener(ev, stop, { passive: true });
  timer = setInterval(() => {
    const y = win.scrollY || win.document.documentElement.scrollTop;
    if (y <= 0) {
      stop();
      return;
    }
    win.scrollTo(0, Math.max(0, y - SCROLL_STEP_PX));
  }, SCROLL_STEP_MS);
  return stop;
}
