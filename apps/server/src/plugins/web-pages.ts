import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import { matchPattern, type PageMeta, type PublicPages, type SitemapEntry } from '../lib/public-pages';
import { isStorableText } from '../lib/storable-text';

/** Search-result length of a description (Baidu shows about 120 Chinese characters). */
const DESCRIPTION_MAX = 120;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** One line of plain text, cut at `max` characters with an ellipsis. */
export function plainDescription(text: string, max = DESCRIPTION_MAX): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** The learning-base name of a regional host (henan.example.org -> 河南学习基地), or null on the main site. */
export function learningBaseOfHost(host: string | undefined): string | null {
  const hostname = (host ?? '').split(':')[0]!.toLowerCase();
  const labels = hostname.split('.');
  if (labels.length < 2) return null;
  const key = labels[0]!;
  if (!Object.prototype.hasOwnProperty.call(LEARNING_BASES, key)) return null;
  return `${(LEARNING_BASES as Record<string, string>)[key]}学习基地`;
}

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta | null;
  /** Path (and the query that names the record) of the canonical URL. */
  canonicalPath: string;
}

/** The public page a path belongs to and its record: 404 when a detail page names no public record. */
export async function resolvePage(sources: readonly PublicPages[], pathname: string, query: URLSearchParams): Promise<ResolvedPage> {
  for (const source of sources) {
    const params = matchPattern(source.pattern, pathname);
    if (!params) continue;
    // A name no record can have (a NUL byte, a lone surrogate) is looked up nowhere.
    const storable = [...Object.values(params), ...query.values()].every(isStorableText);
    const meta = storable ? await source.meta(params, query) : null;
    const kept = new URLSearchParams();
    for (const name of source.canonicalQuery ?? []) {
      const value = query.get(name);
      if (value !== null) kept.set(name, value);
    }
    const search = kept.toString();
    return { status: meta ? 200 : 404, meta, canonicalPath: search ? `${pathname}?${search}` : pathname };
  }
  return { status: 200, meta: null, canonicalPath: pathname };
}

export interface HeadInput {
  siteName: string;
  /** The page's own name (a record's title or the route's name); none: the site name alone. */
  title: string | null;
  description: string;
  /** Absolute canonical URL of the page. */
  url: string;
  image: string | null;
  /** Learning base of a regional host, added to the title. */
  learningBase: string | null;
}

/** `<title>`, description, canonical link and Open Graph tags (what WeChat previews and Baidu results show). */
/** The page title of head and Open Graph: `<site> - <page>`, with a regional host's learning base. */
function pageTitle(siteName: string, title: string | null, learningBase: string | null): string {
  const base = title ? `${siteName} - ${title}` : siteName;
  return learningBase ? `${base}（${learningBase}）` : base;
}

export function headTags(h: HeadInput): string {
  const title = pageTitle(h.siteName, h.title, h.learningBase);
  const description = plainDescription(h.description);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(h.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(h.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(h.url)}" />`,
  ];
  if (h.image) tags.push(`<meta property="og:image" content="${escapeHtml(h.image)}" />`);
  return tags.join('\n    ');
}

/**
 * The Open Graph title, description and image a public detail page's HTML carries, for a full page URL (what WeChat's
 * JS-SDK share must repeat, since WeChat ignores the tags there); null for a page without a record of its own.
 */
export async function openGraphOf(
  sources: readonly PublicPages[],
  site: { siteName: string; publicBaseUrl: string },
  url: URL,
): Promise<{ title: string; description: string; image: string | null } | null> {
  const page = await resolvePage(sources, url.pathname, url.searchParams);
  if (!page.meta) return null;
  return {
    title: pageTitle(site.siteName, page.meta.title, learningBaseOfHost(url.host)),
    description: plainDescription(page.meta.description),
    image: page.meta.image ? absoluteUrl(site.publicBaseUrl, page.meta.image) : null,
  };
}

/** An absolute URL on this site for a path or URL. */
export function absoluteUrl(publicBaseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicBaseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** robots.txt: personal centre, staff area, API and lesson player are not for crawlers. */
export function robotsTxt(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /center',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /coursepoolapi/',
    'Disallow: /train/play/',
    'Disallow: /payment',
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlEntry(publicBaseUrl: string, e: SitemapEntry): string {
  const lastmod = e.updatedAt ? `<lastmod>${e.updatedAt.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeHtml(absoluteUrl(publicBaseUrl, e.path))}</loc>${lastmod}</url>`;
}

/**
 * sitemap.xml (`part` undefined) and its parts. Up to 50,000 URLs it is one urlset; past that it is a sitemap index
 * of /sitemap-1.xml, /sitemap-2.xml ... of 50,000 URLs each. Null for a part that does not exist.
 */
export function sitemapXml(publicBaseUrl: string, entries: readonly SitemapEntry[], part?: number): string | null {
  const parts = Math.max(1, Math.ceil(entries.length / SITEMAP_MAX_URLS));
  const urlset = (list: readonly SitemapEntry[]) =>
    `${XML_HEAD}\n<urlset xmlns="${SITEMAP_NS}">\n${list.map((e) => urlEntry(publicBaseUrl, e)).join('\n')}\n</urlset>\n`;
  if (part === undefined) {
    if (parts === 1) return urlset(entries);
    const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${escapeHtml(`${publicBaseUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return `${XML_HEAD}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
  }
  if (parts === 1 || part < 1 || part > parts) return null;
  return urlset(entries.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS));
}
