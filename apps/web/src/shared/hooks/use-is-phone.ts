import { useSyncExternalStore } from 'react';

/**
 * The phone breakpoint of the whole site: widths up to 767 px are phones (DECISIONS reading 15). CSS uses the same
 * number: `@media (max-width: 767px)`. Keep the two in step.
 */
export const PHONE_MAX_WIDTH = 767;
export const PHONE_MEDIA_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(PHONE_MEDIA_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(PHONE_MEDIA_QUERY).matches;
}

/**
 * True on a phone-width screen. Layout differences belong in CSS media queries first; use this only where the
 * component tree itself differs (a drawer instead of a side menu, one exam question per screen). The server renders
 * the desk tree (false), so a public page's first paint matches its hydration.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
