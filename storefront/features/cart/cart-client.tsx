import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '../../lib/query-client.ts';

let browserClient: QueryClient | undefined;

/** The browser's one QueryClient of this page load: the cart badge, drawer and cart pages share it. */
export function browserQueryClient(): QueryClient {
  browserClient ??= makeQueryClient();
  return browserClient;
}

/**
 * The cart's QueryClient for the tree below: in the browser the page load's one client, on the server
 * one per render (nothing leaks between shoppers). Catalogue pages do not use TanStack Query; the cart
 * pages and the cart's lazily loaded parts (badge, drawer) each wrap themselves in this.
 */
export function CartQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => (typeof window === 'undefined' ? makeQueryClient() : browserQueryClient()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
