import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { BACK_TO_TOP_BOTTOM_PX, BACK_TO_TOP_RIGHT_PX } from '@app/contracts/common/constants';
import { useScrolledPast } from '../hooks/use-scroll-y';
import { scrollToTop } from '../lib/scroll-to-top';
import './back-to-top.css';

/** Visible once the page is scrolled this far. */
const SHOW_AFTER_PX = 300;

/** Back-to-top button, 100 px from the bottom and 80 px from the right (SPEC §2). */
export function BackToTop() {
  const visible = useScrolledPast(SHOW_AFTER_PX);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="返回顶部"
      title="返回顶部"
      style={{ bottom: BACK_TO_TOP_BOTTOM_PX, right: BACK_TO_TOP_RIGHT_PX }}
      onClick={() => {
        cancel.current?.();
        cancel.current = scrollToTop();
      }}
    >
      <VerticalAlignTopOutlined />
    </button>
  );
}
