import { lazy, Suspense } from 'react';
import { noteDialogOpener } from '../../lib/dialog-focus.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { ServerDrawnCartBadge } from './cart-badge.tsx';

/** Starts loading the drawer's code when the shopper heads for the cart button. */
function preloadCartDrawer(): void {
  void import('./cart-drawer.tsx');
}

/** The live badge reads the cart (TanStack Query): its code loads after hydration, not with the page. */
const CartCount = lazy(() => import('./cart-count.tsx'));

const look =
  'relative inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

function BagIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1" />
    </svg>
  );
}

/**
 * The header's cart control. Drawn by the server as a link to /cart with the badge (the count from
 * the shopper's count cookie, spliced into the page), so it works without JavaScript; once the page
 * is interactive it becomes the button that opens the cart drawer, and the badge follows the cart.
 */
export function CartButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href="/cart" data-testid="cart-button" className={look}>
        <span className="sr-only">Cart</span>
        <BagIcon />
        <ServerDrawnCartBadge />
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={(event) => {
        noteDialogOpener(event.currentTarget);
        void import('../../lib/ui-state.ts').then((ui) => ui.openCartDrawer());
      }}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      data-testid="cart-button"
      className={look}
    >
      <span className="sr-only">Open cart</span>
      <BagIcon />
      <Suspense fallback={<ServerDrawnCartBadge />}>
        <CartCount />
      </Suspense>
    </button>
  );
}
