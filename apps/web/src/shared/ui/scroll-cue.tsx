import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import './scroll-cue.css';

/** Which sides of a sideways-scrolling box still hide content. */
export interface ScrollEdges {
  left: boolean;
  right: boolean;
}

/** Reads the hidden sides of a box scrolled sideways (1 px of slack for fractional widths). */
export function hiddenEdges(el: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>): ScrollEdges {
  return { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

export interface ScrollCueProps {
  children: ReactNode;
  /** Extra class on the outer box (the fade colour is `--scroll-cue-bg`, white unless the class sets it). */
  className?: string;
  /** What scrolls, for the arrow buttons' names: 「向右滚动{label}」. */
  label: string;
  /**
   * Called once with the scrolling box, e.g. to bring the current item into view; the box is the direct parent of
   * `children`.
   */
  onViewport?: (viewport: HTMLDivElement) => void;
}

/**
 * The site's one way of showing content wider than a phone: it scrolls sideways inside its own box, never the page,
 * and the box shows that there is more: a fade and an arrow button on each side that still hides content (the arrow
 * scrolls by most of the box's width). Plain React + CSS (no antd), so the header can use it in the first load.
 *
 * Use it for a row of links or tabs (the header's top navigation), or around a wide antd Table on a phone:
 *
 *   <ScrollCue label="订单列表"><Table … pagination={false} /></ScrollCue>
 *
 * Inside the box a Table lays out at its natural width (give it no `scroll.x`: the box is the scroller). Keep the
 * pagination outside the box, or prefer the card list of `PhoneTable` (shared/ui/phone-table) when a row reads
 * better as a card. Nothing changes at desk widths when the content fits: no fade, no arrows.
 */
export function ScrollCue({ children, className, label, onViewport }: ScrollCueProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });

  const update = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const next = hiddenEdges(el);
    setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    onViewport?.(el);
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    ro?.observe(el);
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
    // onViewport runs once per mount by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [update]);

  const scrollBy = (direction: 1 | -1) => {
    const el = viewport.current;
    if (!el) return;
    const step = Math.max(80, Math.round(el.clientWidth * 0.7)) * direction;
    if (typeof el.scrollBy === 'function') el.scrollBy({ left: step, behavior: 'smooth' });
    else el.scrollLeft += step;
  };

  const classes = ['scroll-cue', edges.left && 'scroll-cue--more-left', edges.right && 'scroll-cue--more-right', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <div className="scroll-cue__viewport" ref={viewport}>
        {children}
      </div>
      {edges.left && (
        // Pointer and touch only: keyboard users reach the hidden items by moving focus, which scrolls the box.
        <button type="button" tabIndex={-1} className="scroll-cue__arrow scroll-cue__arrow--left" aria-label={`向左滚动${label}`} onClick={() => scrollBy(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      {edges.right && (
        <button type="button" tabIndex={-1} className="scroll-cue__arrow scroll-cue__arrow--right" aria-label={`向右滚动${label}`} onClick={() => scrollBy(1)}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </div>
  );
}
