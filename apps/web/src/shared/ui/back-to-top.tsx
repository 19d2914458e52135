import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import { BACK_TO_TOP_BOTTOM_PX, BACK_TO_TOP_RIGHT_PX } from '@app/contracts/common/constants';
import { useScrolledPast } from '../hooks/use-scroll-y';
import { scrollToTop } from '../lib/scroll-to-top';
import './back-to-top.css';

/** Visible once the page is scrolled this far. */
const SHOW_AFTER_PX = 300;
/** The content column every page centres (global.css `.page-container`: 1240 px less its 20 px paddings). */
const COLUMN_PX = 1200;
const BUTTON_PX = 44;
/** Free space the floating button keeps from the column and from the window's edge. */
const CLEARANCE_PX = 16;

/**
 * Where the round button floats in a window `width` px wide (without its scrollbar): its distance from the right
 * edge, 80 px (SPEC §2) where the margin beside the column allows, nearer the edge where it is narrower, always at
 * least CLEARANCE_PX from the column and from the edge. Null when the margin cannot hold it so: the button is then
 * a bar at the end of the page.
 */
export function floatingRight(width: number): number | null {
  const margin = (width - COLUMN_PX) / 2;
  if (margin < BUTTON_PX + 2 * CLEARANCE_PX) return null;
  return Math.floor(Math.min(BACK_TO_TOP_RIGHT_PX, margin - BUTTON_PX - CLEARANCE_PX));
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange, { passive: true });
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width less its vertical scrollbar: what a fixed element's `right` is measured in. */
const layoutWidth = () => document.documentElement.clientWidth;

/**
 * Back-to-top button (SPEC §2: 100 px from the bottom and 80 px from the right). It never covers content: it floats
 * only where the margin beside the 1200 px column holds it with room on both sides (floatingRight, measured without
 * the scrollbar, which a media query cannot do: at 1366 px a classic 17 px scrollbar leaves a margin of 74 px), moving
 * closer to the edge than 80 px when the margin is narrower; elsewhere (phones, tablets, small laptops) it is a
 * full-width "返回顶部" bar at the very end of the page, below the footer.
 */
export function BackToTop() {
  const visible = useScrolledPast(SHOW_AFTER_PX);
  const width = useSyncExternalStore(subscribeResize, layoutWidth, () => 0);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  if (!visible) return null;
  const right = floatingRight(width);
  const position =
    right === null
      ? undefined
      : ({ '--back-to-top-bottom': `${BACK_TO_TOP_BOTTOM_PX}px`, '--back-to-top-right': `${right}px` } as CSSProperties);
  return (
    <button
      type="button"
      className={right === null ? 'back-to-top' : 'back-to-top back-to-top--float'}
      title="返回顶部"
      style={position}
      onClick={() => {
        cancel.current?.();
        cancel.current = scrollToTop();
      }}
    >
      <VerticalAlignTopOutlined aria-hidden="true" />
      <span className="back-to-top__text">返回顶部</span>
    </button>
  );
}
