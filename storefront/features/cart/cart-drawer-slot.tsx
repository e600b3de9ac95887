import { lazy, Suspense } from 'react';
import { useFlag } from '../../lib/flag-store.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { cartDrawerWanted } from './cart-drawer-state.ts';

const CartDrawerDialog = lazy(() => import('./cart-drawer.tsx'));

/**
 * The cart drawer, mounted once by the layout: nothing until it is first opened, then the
 * drawer itself (Headless UI Dialog), whose code loads on that first open. It reads the cart only in
 * the browser, so no page's HTML carries a shopper's cart unless that page renders it on purpose.
 */
export function CartDrawer() {
  const hydrated = useHydrated();
  const wanted = useFlag(cartDrawerWanted);
  if (!hydrated || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawerDialog />
    </Suspense>
  );
}
