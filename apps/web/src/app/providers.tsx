import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { noticeHost } from '@/shared/lib/notifier';
import { queryClient as defaultQueryClient } from '@/shared/lib/query-client';
import { antdScopeComponent } from './antd-loader';

/** A childless antd scope whose App shows the notices raised while no screen has antd mounted. */
function NoticeHostScope() {
  const [Scope] = useState(antdScopeComponent);
  return <Scope />;
}

/**
 * Mounts the notice host only once the notifier asks for it (a notice on a screen without antd, e.g. an API
 * error on home): antd is then fetched on demand instead of being part of every first load.
 */
function NoticeHost() {
  const wanted = useSyncExternalStore(noticeHost.subscribe, noticeHost.wanted, noticeHost.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NoticeHostScope />
    </Suspense>
  );
}

/**
 * App-wide providers that the shell itself needs (header and footer read common_data and problems), plus the
 * on-demand notice host. antd's providers live in AntdScope around screens that need antd (see ShellLayout).
 */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NoticeHost />
    </QueryClientProvider>
  );
}
