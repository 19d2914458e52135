import type { DehydratedState } from '@tanstack/react-query';

/** Id of the `<script type="application/json">` that carries the query data a server-rendered page was built from. */
export const SSR_STATE_ID = 'ssr-state';

/** The server-rendered page's query data, once: the element is removed so a later read finds nothing. */
export function takeSsrState(doc: Document = document): DehydratedState | null {
  const el = doc.getElementById(SSR_STATE_ID);
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '') as DehydratedState;
  } catch {
    return null;
  }
}
