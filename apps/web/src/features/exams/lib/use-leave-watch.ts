import { useEffect, useRef } from 'react';
import type { LeaveResult } from '@app/contracts';

/** Where an absence that began is kept, so a page reloaded on return (a phone discards background tabs) reports it. */
export const awayKey = (attemptId: number) => `exam-away-${attemptId}`;

interface AwayStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Measures absences of the paper: `start` when the page goes away, `end` when it is back answers how long it was
 * away (null when no absence was open). The start is kept in the store, so an absence survives a reload.
 */
export function createAwayClock(attemptId: number, store: AwayStore | null, now: () => number = () => Date.now()) {
  const key = awayKey(attemptId);
  let since: number | null = null;
  const read = () => {
    if (since !== null) return since;
    const kept = Number(store?.getItem(key));
    return Number.isFinite(kept) && kept > 0 ? kept : null;
  };
  return {
    start() {
      if (read() !== null) return;
      since = now();
      try {
        store?.setItem(key, String(since));
      } catch {
        // Private mode without storage: the absence is still measured in memory.
      }
    },
    end(): number | null {
      const began = read();
      since = null;
      try {
        store?.removeItem(key);
      } catch {
        // See start.
      }
      return began === null ? null : Math.max(0, now() - began);
    },
  };
}

/**
 * A touch-first device (phone, tablet): there the notification shade, an incoming-call banner or a system dialog
 * takes the focus from the page without hiding it, so only a hidden page is away. At a desk a window over the paper
 * (the page loses focus) is away too.
 */
export function isTouchFirst(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/**
 * Watches the paper for absences and reports each one's duration when the page is back (or, after a reload, on
 * load); the server counts it by the rule (countsAsLeave) and answers the count.
 */
export function useLeaveWatch(
  attemptId: number,
  report: (awayMs: number) => Promise<LeaveResult>,
  onResult: (r: LeaveResult) => void,
  closed: () => boolean,
) {
  const latest = useRef({ report, onResult, closed });
  useEffect(() => {
    latest.current = { report, onResult, closed };
  });

  useEffect(() => {
    let store: AwayStore | null = null;
    try {
      store = window.sessionStorage;
    } catch {
      store = null;
    }
    const clock = createAwayClock(attemptId, store);
    const touch = isTouchFirst();
    const away = () => {
      if (!latest.current.closed()) clock.start();
    };
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      const ms = clock.end();
      if (ms === null || latest.current.closed()) return;
      void latest.current
        .report(ms)
        .then((r) => latest.current.onResult(r))
        .catch(() => undefined);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? away() : back());
    const onBlur = () => {
      if (!touch) away();
    };
    // An absence that began before a reload ends now.
    back();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', back);
    };
  }, [attemptId]);
}
