import { lazy, Suspense, useEffect } from 'react';
import { useFlag } from '../../lib/flag-store.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { showCarriedToast, toasterWanted } from './toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/**
 * Mounted once by the layout: nothing until the first toast is asked for, then the real toaster
 * (sonner), loaded on that first use.
 */
export function ShopToaster() {
  const hydrated = useHydrated();
  const wanted = useFlag(toasterWanted);
  useEffect(showCarriedToast, []);
  if (!hydrated || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
