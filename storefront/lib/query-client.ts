import { QueryClient } from '@tanstack/react-query';

/**
 * Loads do not refetch automatically, do not retry, and never go stale. One client per page
 * load on the browser and one per render on the server (see features/cart/cart-client.tsx), and one per
 * request in the cart pages' +data hooks. The cart is the only TanStack Query user: catalogue pages
 * render from their page data.
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
