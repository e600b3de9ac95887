import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from './lib/query-client.ts';

/**
 * One QueryClient (and one jotai store) per page load in the browser and per render on the server:
 * nothing leaks between shoppers. Pages put their server data in with <HydrationBoundary>.
 */
export default function Wrapper({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
