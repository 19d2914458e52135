import { useEffect, useState } from 'react';

/** Milliseconds left until `iso` (never negative), ticking every second. */
export function useCountdownTo(iso: string | undefined, now: () => number = Date.now): number {
  const target = iso ? Date.parse(iso) : NaN;
  const [left, setLeft] = useState(() => (Number.isFinite(target) ? Math.max(0, target - now()) : 0));
  useEffect(() => {
    if (!Number.isFinite(target)) return;
    const tick = () => setLeft(Math.max(0, target - now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [target, now]);
  return left;
}

/** 29:59 */
export function formatMmSs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
