import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestAntdStyles } from './antd-styles';
import { createTestQueryClient, resetSession, type SessionSeed } from './render';

/**
 * Renders one screen at `path` in a memory router without the site shell (header and footer make jsdom slow),
 * with antd's styles kept out of jsdom (see TestAntdStyles) and a fresh query cache.
 * Other paths render a marker so navigation can be asserted with `router.state.location`.
 * For the whole route table with the app providers, use renderRoute (./render).
 */
export function renderScreen(
  routePath: string,
  screen: ReactNode,
  path: string,
  options: { session?: SessionSeed } = {},
) {
  resetSession(options.session);
  const router = createMemoryRouter(
    [
      { path: routePath, element: screen },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createTestQueryClient();
  const result = render(
    <TestAntdStyles>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={zhCN}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </TestAntdStyles>,
  );
  return { router, queryClient, ...result };
}
