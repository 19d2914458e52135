import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import type { CurrentUser } from '@app/contracts/users/users.schemas';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router/routes';
import { bindNavigator } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { TestAntdStyles } from './antd-styles';

export interface SessionSeed {
  token?: string | null;
  user?: CurrentUser | null;
}

/** Resets the session store to logged out (storage is cleared after each test by setup.ts). */
export function resetSession(seed: SessionSeed = {}): void {
  const user = seed.user ?? null;
  useSessionStore.setState({
    token: seed.token ?? null,
    user,
    role: user?.role ?? null,
    userStatus: user ? 'ready' : 'idle',
    infoDialogVisible: false,
    buyStudentStatus: false,
  });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * Renders the real route table in a memory router at `path`, with the app providers and a fresh query cache.
 * antd's styles are generated but not put into jsdom's document (see TestAntdStyles: fast queries).
 * Mock HTTP first with mockApi(). Returns the router, to assert `router.state.location`.
 */
export function renderRoute(path: string, options: { session?: SessionSeed } = {}) {
  resetSession(options.session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  bindNavigator((to, opts) => void router.navigate(to, opts));
  const queryClient = createTestQueryClient();
  const result = render(
    <TestAntdStyles>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </TestAntdStyles>,
  );
  return { router, queryClient, ...result };
}

/** `pathname + search` of the router's current location. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

/**
 * Loads (and so transforms, once per test file) the lazy modules a path needs: its route chunks and antd's scope.
 * Call from beforeAll with a long timeout; the tests themselves then do not race the first transform of antd.
 */
export async function preloadRoutes(...paths: string[]): Promise<void> {
  await import('@/app/antd-scope');
  for (const path of paths) {
    for (const match of matchRoutes(routes, path) ?? []) {
      const lazy = match.route.lazy;
      if (typeof lazy === 'function') await lazy();
    }
  }
}

/** Wait options for the first render of a lazy screen on a loaded machine. */
export const SLOW = { timeout: 20_000 };
