/**
 * Server-side render of a public page (built by scripts/build.mjs into dist-ssr/, loaded by the server's web
 * plugin). The page's markup, its antd styles and the query data it rendered from go into the HTML, so the page
 * paints before any JavaScript has run (phones on slow networks, link previews, crawlers); the client then renders
 * the same page from the same data (main.tsx) and takes over.
 *
 * Data: the components' own TanStack queries, fetched through the same API client with a server adapter (the
 * server answers in-process). A render pass creates the queries the page uses; their data is fetched; the page is
 * rendered again, up to MAX_PASSES times (a section that appears once its parent's data is in adds a pass).
 * Always rendered as a visitor: the session lives in the browser (localStorage), not in a cookie.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { apiClient } from '@/shared/lib/api-client';
import '@/shared/lib/dayjs-locale';
import { muteNotices } from '@/shared/lib/notifier';
import { createQueryClient } from '@/shared/lib/query-client';
import { HostnameProvider } from '@/shared/lib/region';
import { ServerRenderProvider } from '@/shared/lib/server-render';
import { CareModeServerProvider } from '@/shared/lib/care-mode';
import type { RouteHandle } from '@/shared/lib/routing';
import { AppProviders } from './providers';
import { routes } from './router/routes';
import { SSR_STATE_ID } from './ssr-state';


const MAX_PASSES = 3;

/** An API call answered by the server in-process: method, path with query string, JSON body. */
export type ServerFetch = (request: {
  method: string;
  url: string;
  body?: unknown;
}) => Promise<{ status: number; body: unknown }>;

export interface RenderInput {
  /** Path and query of the page, e.g. `/train/detail/12?x=1`. */
  url: string;
  /** The request's Host header (regional sub-domains show their learning base). */
  host: string;
  /** The browser has 关怀模式 on (its cookie): the page is drawn as care mode draws it. */
  careMode?: boolean;
}

export interface RenderOutput {
  head: string;
  body: string;
  routeTitle: string | null;
  /** HTTP status of the page: 404 when the address matched no page (the not-found screen). */
  status: 200 | 404;
}

let serverFetch: ServerFetch | null = null;

/** Sends the API client's calls to the server itself; called once when the server loads this module. */
export function installServerFetch(fetch: ServerFetch): void {
  serverFetch = fetch;
  muteNotices();
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    if (!serverFetch) throw new Error('server fetch not installed');
    const url = apiClient.axios.getUri(config);
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const res = await serverFetch({ method: (config.method ?? 'get').toUpperCase(), url, body });
    return { data: res.body, status: res.status, statusText: '', headers: {}, config, request: null };
  };
  apiClient.axios.defaults.adapter = adapter;
}

/** JSON for a <script type="application/json">: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Queries a render pass created that have never fetched. */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (q) =>
        q.state.status === 'pending' &&
        q.state.fetchStatus === 'idle' &&
        q.state.dataUpdateCount === 0 &&
        q.state.errorUpdateCount === 0,
    );
}

/**
 * Renders a public page, or the shared frame of a login page that has one; null when the route redirects or needs
 * a login without a frame (the client handles those alone).
 */
export async function render({ url, host, careMode = false }: RenderInput): Promise<RenderOutput | null> {
  const handler = createStaticHandler(routes);
  const origin = `http://${/^[\w.-]+(:\d+)?$/.test(host) ? host : 'localhost'}`;
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) return null;
  const handles = context.matches.map((m) => m.route.handle as RouteHandle | undefined);
  // A login screen is the client's alone, unless it has a frame everyone shares (RequireAuth draws it here).
  if (handles.some((h) => h?.auth) && !handles[handles.length - 1]?.frame) return null;

  const queryClient = createQueryClient();
  const styles = createCache();
  const hostname = new URL(origin).hostname;
  let body = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const router = createStaticRouter(handler.dataRoutes, context);
    body = renderToString(
      <StyleProvider cache={styles}>
        <ServerRenderProvider value={true}>
          <CareModeServerProvider value={careMode}>
            <HostnameProvider value={hostname}>
              <AppProviders queryClient={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppProviders>
            </HostnameProvider>
          </CareModeServerProvider>
        </ServerRenderProvider>
      </StyleProvider>,
    );
    const pending = unfetched(queryClient);
    if (pending.length === 0) break;
    // A failed query leaves its error state; the page renders what it shows for that, and the client retries.
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
  }

  const state = dehydrate(queryClient);
  const routeTitle = [...handles].reverse().find((h) => h?.title)?.title ?? null;
  // antd's style tags in the form its client side recognises, so it does not insert the same rules twice.
  const head = [
    extractStyle(styles),
    `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  queryClient.clear();
  const status = handles.some((h) => h?.notFound) ? 404 : 200;
  return { head, body, routeTitle, status };
}
