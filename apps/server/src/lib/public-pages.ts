/**
 * Public pages as search engines and link previews see them (WeChat, Baidu: they run no JavaScript). An area with a
 * public detail page implements `PublicPages` in its module and exports it from its index.ts; app.ts hands the list
 * to the web plugin, which puts the record's title, description, canonical link and Open Graph tags into the HTML,
 * answers 404 for an unknown or unpublished record, and lists the area's pages in sitemap.xml.
 */

/** What a page's HTML head says about its record. */
export interface PageMeta {
  /** The record's name; the page title is `${siteName} - ${title}` (SPEC §2). */
  title: string;
  /** Plain text; shortened to a search-result length by the web plugin. */
  description: string;
  /** Absolute URL or a path on this site; shown by link previews. */
  image?: string | null;
}

export interface SitemapEntry {
  /** Path on this site, e.g. `/train/detail/12`. */
  path: string;
  updatedAt?: Date | null;
}

export interface PublicPages {
  /** The web route it answers for, React Router style: `/train/detail/:courseId` (a query is read in `meta`). */
  pattern: string;
  /** The record behind a URL; null when it does not exist or is not public (the page then answers 404). */
  meta(params: Readonly<Record<string, string>>, query: URLSearchParams): Promise<PageMeta | null>;
  /** Every public page of this kind, for sitemap.xml. */
  sitemap(): Promise<SitemapEntry[]>;
  /** Query parameters that name the record (`['id']` for `/jobDetail/jinfo?id=`): kept in the canonical URL. */
  canonicalQuery?: readonly string[];
}

/** Matches a path against a `/a/:b/c` pattern; the named segments, or null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    let g: string;
    try {
      g = decodeURIComponent(got[i]!);
    } catch {
      return null;
    }
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}
