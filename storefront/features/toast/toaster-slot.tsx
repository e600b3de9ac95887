import { lazy, Suspense, useEffect } from 'react';
import { useFlag } from '../../lib/flag-store.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { ANNOUNCER_ID, showCarriedToast, toasterWanted } from './toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/**
 * Mounted once by the layout: the toasts' live region (in the server's HTML, so it is in the page before
 * the first toast), and the real toaster (sonner), loaded when the first toast is asked for.
 */
export function ShopToaster() {
  const hydrated = useHydrated();
  const wanted = useFlag(toasterWanted);
  useEffect(showCarriedToast, []);
  return (
    <>
      <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
      {hydrated && wanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
