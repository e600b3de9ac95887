import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 7: loads do not refetch automatically, do not retry, and never go stale. One client per page
 * load on the browser (see +Wrapper.tsx) and one per request on the server (in +data hooks).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
      },
      mutations: { retry: false },
    },
  });
}
