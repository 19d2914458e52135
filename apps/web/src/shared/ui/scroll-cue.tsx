import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useIsPhone } from '../hooks/use-is-phone';
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
   * A selector for the element inside `children` that scrolls, when the content brings its own scroller (an antd
   * Table with `scroll.x` scrolls `.ant-table-content`): the fade and arrows then sit over that element only (not
   * over the table's pager). Without it, the cue's own box scrolls.
   */
  scroller?: string;
  /** Called once with the scrolling box, e.g. to bring the current item into view. */
  onViewport?: (viewport: HTMLElement) => void;
}

/** Where the scrolling element sits inside the cue's box (px), for the fades and arrows. */
interface Band {
  top: number;
  height: number;
}

/**
 * The site's one way of showing content wider than a phone: it scrolls sideways inside its own box, never the page,
 * and the box shows that there is more: a fade and an arrow button on each side that still hides content (the arrow
 * scrolls by most of the box's width). Plain React + CSS (no antd), so the header can use it in the first load.
 *
 * A row of links or tabs (the header's top navigation):
 *
 *   <ScrollCue label="主导航"><ul>…</ul></ScrollCue>
 *
 * A wide antd Table on a phone: the table keeps its columns at their natural width and scrolls in its own box; the
 * pager stays put under it:
 *
 *   const table = usePhoneTable(COLUMNS, { x: 910 });   // see usePhoneTable
 *   <ScrollCue label="订单列表" scroller={TABLE_SCROLLER}><Table {...table} … /></ScrollCue>
 *
 * Nothing shows when the content fits: no fade, no arrows.
 */
export function ScrollCue({ children, className, label, scroller, onViewport }: ScrollCueProps) {
  const root = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  const [band, setBand] = useState<Band | null>(null);

  const target = useCallback((): HTMLElement | null => {
    if (!scroller) return viewport.current;
    return viewport.current?.querySelector<HTMLElement>(scroller) ?? null;
  }, [scroller]);

  const update = useCallback(() => {
    const el = target();
    if (!el) return;
    const next = hiddenEdges(el);
    setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    if (scroller && root.current) {
      const outer = root.current.getBoundingClientRect();
      const inner = el.getBoundingClientRect();
      const nextBand = { top: Math.round(inner.top - outer.top), height: Math.round(inner.height) };
      setBand((prev) => (prev && prev.top === nextBand.top && prev.height === nextBand.height ? prev : nextBand));
    }
  }, [scroller, target]);

  useEffect(() => {
    const box = root.current;
    const el = target();
    if (!box) return;
    if (el) onViewport?.(el);
    update();
    // Scroll events do not bubble: caught on the way down, from whichever element inside scrolls.
    box.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    ro?.observe(box);
    if (viewport.current?.firstElementChild) ro?.observe(viewport.current.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
    // onViewport runs once per mount by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [update, target]);

  const scrollBy = (direction: 1 | -1) => {
    const el = target();
    if (!el) return;
    const step = Math.max(80, Math.round(el.clientWidth * 0.7)) * direction;
    if (typeof el.scrollBy === 'function') el.scrollBy({ left: step, behavior: 'smooth' });
    else el.scrollLeft += step;
  };

  const classes = [
    'scroll-cue',
    scroller && 'scroll-cue--inner',
    edges.left && 'scroll-cue--more-left',
    edges.right && 'scroll-cue--more-right',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const bandStyle = band
    ? ({ '--scroll-cue-top': `${band.top}px`, '--scroll-cue-height': `${band.height}px` } as CSSProperties)
    : undefined;
  return (
    <div className={classes} ref={root} style={bandStyle}>
      <div
        className="scroll-cue__viewport"
        ref={viewport}
        // An item reached by Tab comes wholly into view, clear of the fade and arrow (the box's scroll-padding): the
        // browser's own scrolling stops once the item is partly visible.
        onFocus={(e) => {
          if (e.target !== e.currentTarget) e.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
        }}
      >
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

/** The element that scrolls inside an antd Table given `scroll.x` (for ScrollCue's `scroller`). */
export const TABLE_SCROLLER = '.ant-table-content, .ant-table-body';

type TableScroll = { x?: number | string | true; y?: number | string } | undefined;

/**
 * An antd Table's `columns` and `scroll` for the screen. On a phone the columns keep their natural width
 * (`x: 'max-content'`, or the desk's fixed width) and the table scrolls in its own box, to be wrapped in a
 * ScrollCue with `scroller={TABLE_SCROLLER}`; columns pinned to an edge (`fixed`) are let go, since a pinned
 * 150 px column leaves a phone's table no room to scroll and would sit under the cue. At desk widths both are
 * returned as given.
 *
 *   const table = usePhoneTable(COLUMNS, { x: 910 });
 *   <ScrollCue label="订单列表" scroller={TABLE_SCROLLER}>
 *     <Table columns={table.columns} scroll={table.scroll} … />
 *   </ScrollCue>
 */
export function usePhoneTable<C extends { fixed?: unknown }>(columns: C[], desk?: TableScroll): { columns: C[]; scroll: TableScroll } {
  const phone = useIsPhone();
  if (!phone) return { columns, scroll: desk };
  return { columns: columns.map((c) => (c.fixed ? { ...c, fixed: undefined } : c)), scroll: phoneScroll(desk) };
}

/** usePhoneTable's `scroll` alone, for a table without pinned columns whose columns are written inline. */
export function useTableScroll(desk?: TableScroll): TableScroll {
  return useIsPhone() ? phoneScroll(desk) : desk;
}

function phoneScroll(desk: TableScroll): TableScroll {
  return { ...desk, x: typeof desk?.x === 'number' ? desk.x : 'max-content' };
}
