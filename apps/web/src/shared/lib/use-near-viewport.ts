import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether an element has come within `margin` of the screen (IntersectionObserver), for parts below the fold that
 * are worth loading only when a reader gets near them. Stays true once reached. Without IntersectionObserver
 * (an old browser, jsdom) it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '100px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
