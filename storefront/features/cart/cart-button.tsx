import { lazy, Suspense } from 'react';
import { noteDialogOpener } from '../../lib/dialog-focus.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { openCartDrawer, preloadCartDrawer } from './cart-drawer-state.ts';

/** The badge reads the cart (TanStack Query): its code loads after hydration, not with the page. */
const CartCount = lazy(() => import('./cart-count.tsx'));

/**
 * The header's cart button: opens the cart drawer. The badge (the sum of quantities, only above 0)
 * appears after hydration, so the server HTML of every page is the same for every shopper.
 */
export function CartButton() {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      onClick={(event) => {
        noteDialogOpener(event.currentTarget);
        openCartDrawer();
      }}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      data-testid="cart-button"
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <span className="sr-only">Open cart</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
        <path strokeLinecap="round" strokeLinejoin="round" d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1" />
      </svg>
      {hydrated && (
        <Suspense fallback={null}>
          <CartCount />
        </Suspense>
      )}
    </button>
  );
}
