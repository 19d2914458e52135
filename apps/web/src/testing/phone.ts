import { PHONE_MEDIA_QUERY } from '@/shared/hooks/use-is-phone';

/**
 * Makes `useIsPhone()` (and any `matchMedia(PHONE_MEDIA_QUERY)`) answer true, as on a 390 px phone; other media
 * queries keep answering false. Returns the function that puts the desk screen back (call it in afterEach).
 */
export function asPhoneScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query === PHONE_MEDIA_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
