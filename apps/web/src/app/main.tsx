import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// The API client module also wires the session store's calls (get_current_user, logout).
import '@/shared/lib/api-client';
import { queryClient } from '@/shared/lib/query-client';
import { bootstrapSession, installSessionMirror, useSessionStore } from '@/shared/lib/session/session-store';
import { careMode, installCareModeSync, startCareMode } from '@/shared/lib/care-mode';
import { saveCareMode } from '@/features/auth/api/use-care-mode-switch';
import { AppProviders } from './providers';
import { createAppRouter } from './router/create-router';
import { takeSsrState } from './ssr-state';
import { ServerRenderProvider } from '@/shared/lib/server-render';
import './global.css';


// Before the router exists: a `?token=` is saved and stripped, so the router starts on the clean URL.
bootstrapSession();
installSessionMirror();
// 关怀模式 before the first render: the browser's choice, then the signed-in account's (which wins).
const { serverCareMode } = startCareMode();
installCareModeSync(saveCareMode);
const router = createAppRouter();

// A server-rendered public page (entry-server.tsx) comes with the query data it was rendered from: the first client
// render starts from the same data, so it draws the same page. The server renders as a visitor; a logged-in user's
// queries are marked stale so they refetch with the token as they mount.
const ssrState = takeSsrState();
if (ssrState) {
  hydrate(queryClient, ssrState);
  if (useSessionStore.getState().token) void queryClient.invalidateQueries();
}

/**
 * Marks the document once the client has drawn the page (`<html data-app>`): until then a server-rendered page is
 * markup only, its buttons not yet wired. Browser tests wait for it before they interact (e2e/support/fixtures.ts).
 */
function ClientReady() {
  useEffect(() => document.documentElement.setAttribute('data-app', ''), []);
  return null;
}

/**
 * A visitor's server-rendered page is hydrated: React adopts the server's markup instead of drawing it again, so the
 * first client pass creates no DOM. That pass renders exactly what the server rendered (fields disabled, see
 * server-render.ts); right after it commits, the page re-renders as the client (fields come alive). A logged-in
 * user's page differs from the visitor's markup (header, marks), so it is drawn by the client instead.
 */
function ClientTakeover({ children }: { children: ReactNode }) {
  const [hydrating, setHydrating] = useState(true);
  // After hydration has committed; as a transition, so the re-render of the fields is time-sliced too.
  useEffect(() => startTransition(() => setHydrating(false)), []);
  return (
    <ServerRenderProvider value={hydrating}>
      {children}
      {!hydrating && <ClientReady />}
    </ServerRenderProvider>
  );
}

const container = document.getElementById('root')!;
// A login page's shared frame (entry-server.tsx, `data-ssr-frame`) is not the page: the client draws over it. A page
// the server drew in the other care mode (cookie and storage disagree) is drawn again too.
const adoptServerMarkup =
  ssrState !== null &&
  serverCareMode === careMode.get() &&
  !useSessionStore.getState().token &&
  container.firstElementChild !== null &&
  !container.querySelector('[data-ssr-frame]');
const app = (
  <StrictMode>
    {adoptServerMarkup ? (
      <ClientTakeover>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </ClientTakeover>
    ) : (
      <>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
        <ClientReady />
      </>
    )}
  </StrictMode>
);
// Time-sliced (a transition): the page the server drew stays on screen while React works in small slices,
// instead of one long main-thread task.
const start = () =>
  startTransition(() => {
    if (adoptServerMarkup) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
// The server's markup stays until the route's code has loaded: rendering earlier would swap it for a spinner.
if (ssrState && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
} else {
  start();
}
