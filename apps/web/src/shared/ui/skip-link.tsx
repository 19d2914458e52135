import type { MouseEvent } from 'react';
import './skip-link.css';

/** The id of the shell's `<main>`, the skip link's target (it has tabIndex -1 so it can take focus). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * A layout inside the shell whose own repeated navigation sits at the top of `<main>` (the centre's banner and side
 * menu, the console's side menu) marks its screen region with this attribute (and tabIndex -1): the skip link then
 * lands there, past that navigation too.
 */
export const SKIP_TARGET_ATTR = 'data-skip-target';

/** Moves focus to the main content: the innermost marked region inside `<main>`, else `<main>` itself. */
export function focusMainContent(): HTMLElement | null {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return null;
  const marked = main.querySelectorAll<HTMLElement>(`[${SKIP_TARGET_ATTR}]`);
  const target = marked[marked.length - 1] ?? main;
  target.focus();
  target.scrollIntoView?.({ block: 'start' });
  return target;
}

/**
 * 跳到主要内容: the first focusable element of every page, hidden until it has keyboard focus (WCAG 2.4.1). Before the
 * client takes over, the fragment link itself moves the reading position to `<main>`; after, focus moves there
 * without changing the address (the router owns the URL).
 */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (focusMainContent()) e.preventDefault();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      跳到主要内容
    </a>
  );
}
