import { QueryClient } from '@tanstack/react-query';

/**
 * Retries are done by the HTTP client (network errors on idempotent calls only); a second retry layer here
 * would repeat error notices, so queries do not retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
