import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * false on the server and while hydrating, true after. Client-only content (the cart badge, the cart
 * drawer, toasts) renders once this is true, so no page's HTML carries a shopper's data.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
