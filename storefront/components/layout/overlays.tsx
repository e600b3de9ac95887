import { useAtomValue } from 'jotai/react';
import { lazy, Suspense } from 'react';
import { cartDrawerWantedAtom, toasterWantedAtom } from '../../lib/ui-state.ts';
import { ReconnectingNotice } from './reconnecting-notice.tsx';

const CartDrawerDialog = lazy(() => import('../../features/cart/cart-drawer.tsx'));
const Toaster = lazy(() => import('../../features/toast/toaster.tsx'));

/**
 * What the layout shows above the page once it has hydrated: the cart drawer (Headless UI Dialog) from
 * its first open, the toaster (sonner) from the first toast, each loaded on that first use, and the note
 * that a change is waiting for the shop to answer again. Only in
 * the browser: no page's HTML carries a shopper's cart unless that page renders it on purpose.
 */
export default function Overlays() {
  const drawerWanted = useAtomValue(cartDrawerWantedAtom);
  const toasterWanted = useAtomValue(toasterWantedAtom);
  return (
    <>
      {drawerWanted && (
        <Suspense fallback={null}>
          <CartDrawerDialog />
        </Suspense>
      )}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ReconnectingNotice />
    </>
  );
}
