import fs from 'node:fs';
import path from 'node:path';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicPages, SitemapEntry } from '../lib/public-pages';
import type { NotFoundFallback } from './error-handler';
import { absoluteUrl, headTags, learningBaseOfHost, resolvePage, robotsTxt, sitemapXml } from './web-pages';

const NOT_BUILT_TEXT = '网站前端尚未构建，请先运行 npm run build（The web app is not built yet）。';

/** Suffixes of the precompressed siblings the web build writes next to its text files (see apps/web/vite.config.ts). */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * Pages behind a login (and the cashier): the plain app shell, no record lookups, not for crawlers. The lesson player
 * is not among them: the server draws its shared frame, the course's cover where the video goes (entry-server.tsx).
 */
const PRIVATE_PAGE = /^\/(center|admin|payment)(\/|$)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a server-side render of a public page adds to the app shell (see apps/web/src/app/entry-server.tsx). */
export interface RenderedPage {
  /** Extra head elements (styles of the rendered components, the state the client starts from). */
  head: string;
  /** The page's markup, placed inside `<div id="root">`. */
  body: string;
  /** The route's own name (`handle.title`), for the title when the page has no record of its own. */
  routeTitle: string | null;
  /** 404 when the address is no page of the site (the web router's not-found screen); absent means 200. */
  status?: 200 | 404;
}

/**
 * Renders a public page on the server; null when it cannot (the client then renders it alone). `careMode`: the
 * browser has 关怀模式 on (its cookie), so the page is drawn as care mode draws it (the simplified home).
 */
export type PageRenderer = (input: { url: string; host: string; careMode?: boolean }) => Promise<RenderedPage | null>;

/**
 * The browser's 关怀模式, mirrored by the web app from its localStorage into this cookie (apps/web/src/shared/lib/
 * care-mode.ts) so that a page is sent already in care mode: large text from the first paint, no flash of small text.
 */
export const CARE_MODE_COOKIE = 'care_mode';
const CARE_MODE_CLASS = 'care-mode';

/** Whether the request's cookies say 关怀模式 is on. */
export function careModeOf(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  if (!cookie) return false;
  return cookie.split(';').some((part) => part.trim() === `${CARE_MODE_COOKIE}=1`);
}

/** The page's `<html>` marked for care mode (its stylesheet enlarges text and controls under that class). */
function withCareClass(html: string): string {
  return html.replace(/<html([^>]*)>/, (_m, attrs: string) => `<html${attrs} class="${CARE_MODE_CLASS}">`);
}

export interface WebOptions {
  webDistDir: string;
  siteName: string;
  publicBaseUrl: string;
  /** The public detail pages of every area (title, description, image; 404 for unknown ids; sitemap). */
  publicPages: readonly PublicPages[];
  /** Public list pages for sitemap.xml, besides the detail pages. */
  staticPages: readonly SitemapEntry[];
  /** Server-side render of public pages (optional: without it the app shell is sent with the page's head tags). */
  render?: PageRenderer;
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, the HTML never is, and any other GET
 * path that is not a file answers the app's HTML so the client router can take it. Returns the fallback the
 * not-found handler calls; /api/... never reaches it.
 *
 * Public pages get their own head (title, description, canonical, Open Graph) from the area that owns the record,
 * so link previews and crawlers that run no JavaScript see the record, and an unknown record answers 404; with a
 * renderer, the page's markup is in the HTML too. robots.txt and sitemap.xml are served here.
 *
 * Static text files are sent precompressed: the build writes `x.js.br` and `x.js.gz` next to `x.js`, and
 * @fastify/static (`preCompressed`) picks br, then gzip, by the request's Accept-Encoding. Composed HTML is
 * compressed per response (it is small).
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<NotFoundFallback> {
  const { webDistDir, siteName, publicBaseUrl, publicPages, render } = options;
  registerRobotsAndSitemap(app, options);

  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built; pages answer a notice');
    return async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
      return true;
    };
  }
  const privateShell = fs.readFileSync(indexFile, 'utf8');
  const shell = splitShell(privateShell);

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    // `/` is a page like any other (its head and markup are composed below), not the file.
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // filePath is the file actually sent, e.g. index.html.br: caching follows the file it stands for.
      const rel = path.relative(webDistDir, filePath).split(path.sep).join('/').replace(PRECOMPRESSED_SUFFIX, '');
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel === 'index.html') reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  const servePage = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const url = new URL(request.url, 'http://localhost');
    const careMode = careModeOf(request);
    if (PRIVATE_PAGE.test(url.pathname)) {
      if (careMode) await sendHtml(request, reply, 200, withCareClass(privateShell));
      else await reply.code(200).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      return;
    }
    const page = await resolvePage(publicPages, url.pathname, url.searchParams);
    const rendered = render
      ? await render({ url: `${url.pathname}${url.search}`, host: request.headers.host ?? '', careMode })
      : null;
    const head = headTags({
      siteName,
      title: page.meta?.title ?? rendered?.routeTitle ?? null,
      description: page.meta?.description ?? shell.description,
      url: absoluteUrl(publicBaseUrl, page.canonicalPath),
      image: page.meta?.image ? absoluteUrl(publicBaseUrl, page.meta.image) : null,
      learningBase: learningBaseOfHost(request.headers.host),
    });
    const composed = shell.compose(`${head}${rendered ? `\n    ${rendered.head}` : ''}`, rendered?.body ?? '');
    const html = careMode ? withCareClass(composed) : composed;
    await sendHtml(request, reply, rendered?.status === 404 ? 404 : page.status, html);
  };
  // Home is a page like the others (static serving would answer the folder itself).
  app.get('/', { schema: { hide: true } }, servePage);

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // A missing hashed chunk (stale tab after a deploy) must fail as a 404, not parse HTML as JavaScript.
    if (request.url.startsWith('/assets/')) return false;
    await servePage(request, reply);
    return true;
  };
}

/** index.html cut around its title/description (replaced per page) and its empty root element (filled per page). */
function splitShell(index: string) {
  const description = /<meta name="description" content="([^"]*)"\s*\/?>/.exec(index)?.[1] ?? '';
  const stripped = index
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  const headEnd = stripped.indexOf('</head>');
  const root = '<div id="root"></div>';
  const rootAt = stripped.indexOf(root);
  if (headEnd < 0 || rootAt < 0) throw new Error('index.html has no </head> or no empty <div id="root"></div>');
  return {
    description: description.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    compose(head: string, body: string): string {
      return `${stripped.slice(0, headEnd)}  ${head}\n  ${stripped.slice(headEnd, rootAt)}<div id="root">${body}</div>${stripped.slice(rootAt + root.length)}`;
    },
  };
}

async function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string): Promise<void> {
  reply.code(status).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  const accept = String(request.headers['accept-encoding'] ?? '');
  const body = Buffer.from(html);
  if (/\bbr\b/.test(accept)) {
    // Quality 5: most of the gain at a few per cent of the maximum's cost, per response.
    const br = await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    await reply.header('content-encoding', 'br').send(br);
  } else if (/\bgzip\b/.test(accept)) {
    await reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: 6 }));
  } else {
    await reply.send(body);
  }
}

/** robots.txt and sitemap.xml (split into sitemap-N.xml parts past 50,000 URLs). */
function registerRobotsAndSitemap(app: FastifyInstance, options: WebOptions): void {
  const { publicBaseUrl, publicPages, staticPages } = options;
  const hide = { schema: { hide: true } };
  app.get('/robots.txt', hide, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicBaseUrl)),
  );
  const entries = async () => [...staticPages, ...(await Promise.all(publicPages.map((p) => p.sitemap()))).flat()];
  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(xml);
  app.get('/sitemap.xml', hide, async (_request, reply) => sendXml(reply, sitemapXml(publicBaseUrl, await entries())!));
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', hide, async (request, reply) => {
    const part = /^\d{1,6}$/.test(request.params.part) ? Number(request.params.part) : 0;
    const xml = sitemapXml(publicBaseUrl, await entries(), part);
    if (!xml) return reply.code(404).type('text/plain; charset=utf-8').send('没有这一页站点地图');
    return sendXml(reply, xml);
  });
}
