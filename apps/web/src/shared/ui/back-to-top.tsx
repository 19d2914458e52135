import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useRef, type CSSProperties } from 'react';
import { BACK_TO_TOP_BOTTOM_PX, BACK_TO_TOP_RIGHT_PX } from '@app/contracts/common/constants';
import { useScrolledPast } from '../hooks/use-scroll-y';
import { scrollToTop } from '../lib/scroll-to-top';
import './back-to-top.css';

/** Visible once the page is scrolled this far. */
const SHOW_AFTER_PX = 300;

/**
 * Back-to-top button (SPEC §2: 100 px from the bottom and 80 px from the right). It never covers content: it floats
 * only where the screen leaves a margin beside the 1200 px column wide enough for it (back-to-top.css), moving
 * closer to the edge than 80 px when the margin is narrower; on narrower screens (phones, tablets, small laptops)
 * it is a full-width "返回顶部" bar at the very end of the page, below the footer.
 */
export function BackToTop() {
  const visible = useScrolledPast(SHOW_AFTER_PX);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  if (!visible) return null;
  const position = {
    '--back-to-top-bottom': `${BACK_TO_TOP_BOTTOM_PX}px`,
    '--back-to-top-right': `${BACK_TO_TOP_RIGHT_PX}px`,
  } as CSSProperties;
  return (
    <button
      type="button"
      className="back-to-top"
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
