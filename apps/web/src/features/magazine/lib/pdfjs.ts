import type * as Pdfjs from 'pdfjs-dist';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

let loading: Promise<typeof Pdfjs> | undefined;

/**
 * PDF.js and its worker, fetched on first use (the reader page only): no other page's bundle carries them.
 */
export function loadPdfjs(): Promise<typeof Pdfjs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Where `query` occurs in each page's text: page number and a short excerpt around the first hit. */
export function findInPages(pages: string[], query: string): { page: number; excerpt: string; hits: number }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: { page: number; excerpt: string; hits: number }[] = [];
  pages.forEach((text, i) => {
    const lower = text.toLowerCase();
    let at = lower.indexOf(q);
    if (at < 0) return;
    const first = at;
    let hits = 0;
    while (at >= 0) {
      hits++;
      at = lower.indexOf(q, at + q.length);
    }
    const start = Math.max(0, first - 12);
    const excerpt = `${start > 0 ? '…' : ''}${text.slice(start, first + q.length + 18)}${first + q.length + 18 < text.length ? '…' : ''}`;
    out.push({ page: i + 1, excerpt, hits });
  });
  return out;
}

/** The next page after a key press, or null when the key does not turn pages. */
export function pageForKey(key: string, page: number, pages: number): number | null {
  if (key === 'ArrowRight' || key === 'PageDown' || key === ' ') return Math.min(pages, page + 1);
  if (key === 'ArrowLeft' || key === 'PageUp') return Math.max(1, page - 1);
  if (key === 'Home') return 1;
  if (key === 'End') return pages;
  return null;
}

/** The least horizontal travel (CSS px) of a finger that turns a page. */
export const SWIPE_MIN_DISTANCE = 50;

/**
 * The page turn a one-finger swipe asks for: +1 (next) for a swipe to the left, -1 for a swipe to the right, null
 * when the finger moved too little or mostly up or down (scrolling the page), or when the page is zoomed in (the
 * finger then pans the page instead).
 */
export function swipeTurn(dx: number, dy: number, { zoomedIn = false }: { zoomedIn?: boolean } = {}): 1 | -1 | null {
  if (zoomedIn) return null;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 1 : -1;
}
