import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer, RenderedPage } from './web';

/** A rendered page is reused this long for the same host and URL: a visitor's view, the same for everyone. */
export const RENDER_CACHE_MS = 15_000;
const RENDER_CACHE_ENTRIES = 500;
/** Past this, the page is sent without server markup (the client renders it) rather than keep the visitor waiting. */
export const RENDER_TIMEOUT_MS = 1_500;

interface EntryServer {
  installServerFetch(fetch: (r: { method: string; url: string; body?: unknown }) => Promise<{ status: number; body: unknown }>): void;
  render(input: { url: string; host: string; careMode?: boolean }): Promise<RenderedPage | null>;
}

/** Where the web build puts the server-side renderer: `dist-ssr/` beside the site's `dist/`. */
export function ssrEntryOf(webDistDir: string): string {
  return `${webDistDir.replace(/[\\/]+$/, '')}-ssr/entry-server.js`;
}

/**
 * Loads the web app's server-side renderer (apps/web/src/app/entry-server.tsx, built to dist-ssr/) and answers its
 * API calls in-process (`app.inject`: no socket, same validation and serialisation as a browser's call). Renders are
 * cached per host and URL for RENDER_CACHE_MS, time out after RENDER_TIMEOUT_MS, and a failing render sends the page
 * without server markup: the site works exactly as before, only slower to paint. Undefined when not built.
 */
export async function loadPageRenderer(app: FastifyInstance, webDistDir: string): Promise<PageRenderer | undefined> {
  const entry = ssrEntryOf(webDistDir);
  if (!fs.existsSync(entry)) {
    app.log.info({ entry }, 'no server-side renderer built; public pages are rendered by the browser alone');
    return undefined;
  }
  const mod = (await import(pathToFileURL(entry).href)) as EntryServer;
  mod.installServerFetch(async ({ method, url, body }) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { 'x-ssr': '1' },
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      /* not JSON: the page shows its error state */
    }
    return { status: res.statusCode, body: json };
  });

  const cache = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();
  return async ({ url, host, careMode = false }) => {
    const key = `${host}\n${url}\n${careMode ? 'care' : ''}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < RENDER_CACHE_MS) return hit.page;
    const page = withTimeout(mod.render({ url, host, careMode }), RENDER_TIMEOUT_MS).catch((err: unknown) => {
      app.log.warn({ err, url }, 'server-side render failed; sending the page without server markup');
      cache.delete(key);
      return null;
    });
    cache.delete(key);
    cache.set(key, { at: now, page });
    while (cache.size > RENDER_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return page;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`render took longer than ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
