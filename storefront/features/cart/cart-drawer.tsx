import { useAtomValue } from 'jotai/react';
import { useEffect, useRef, type RefObject } from 'react';
import { Drawer } from '../../components/drawer.tsx';
import { btn } from '../../components/ui.ts';
import { tellHeadlessUiWhereFocusIs } from '../../lib/dialog-focus.ts';
import { cartDrawerOpenAtom, closeCartDrawer } from '../../lib/ui-state.ts';
import { CartQueryProvider } from './cart-client.tsx';
import { noteRemoval, useLastRemoval } from './last-removal.ts';
import { ADDED_TOAST, useCart } from './use-cart.ts';
import { DrawerLines } from './cart-drawer-lines.tsx';
import { toast } from '../toast/toast.ts';
import { CART_MESSAGES } from '../../../contracts/shop-messages.ts';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

/**
 * The cart drawer's dialog: loaded and mounted by the layout's overlays on the drawer's first open (so
 * Headless UI's Dialog is not first-load JS), then kept mounted and opened and closed by the flag.
 */
export default function CartDrawerIsland() {
  return (
    <CartQueryProvider>
      <CartDrawerDialog />
    </CartQueryProvider>
  );
}

function CartDrawerDialog() {
  const open = useAtomValue(cartDrawerOpenAtom);
  // The drawer shows what the add's toast says, and the toast would cover its first line.
  useEffect(() => {
    if (open) toast.dismiss(ADDED_TOAST);
  }, [open]);
  // A removal's Undo is offered until the drawer closes.
  const close = () => {
    noteRemoval(null);
    closeCartDrawer();
  };
  const view = useCart();

  const lines = view.cart?.items ?? [];
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusAfterRemoval(lines.length, panelRef);

  return (
    <Drawer
      open={open}
      onClose={close}
      side="right"
      // No count until the cart has loaded: a failed load is not an empty cart.
      title={view.cart === undefined ? 'Your Cart' : `Your Cart (${lines.length})`}
      closeLabel="Close cart"
      maxWidth="max-w-md"
      panelRef={panelRef}
      testId="cart-drawer"
    >
      <RemovalUndo />
      {view.cart === undefined ? (
        view.isError ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <p className="font-semibold text-accent-800">There was a problem loading your cart.</p>
            <button type="button" className={btn.secondary} onClick={view.retry}>
              Try again
            </button>
          </div>
        ) : (
          <DrawerSkeleton />
        )
      ) : lines.length === 0 ? (
        <EmptyDrawer onContinue={close} />
      ) : (
        <DrawerLines lines={lines} onNavigate={close} />
      )}
    </Drawer>
  );
}

/**
 * After a Remove the pressed button is gone: keep keyboard focus inside the drawer, on the list of
 * lines (or on the close button once the cart is empty).
 */
function useFocusAfterRemoval(lineCount: number, panelRef: RefObject<HTMLDivElement | null>) {
  const previous = useRef(lineCount);
  useEffect(() => {
    const before = previous.current;
    previous.current = lineCount;
    const panel = panelRef.current;
    if (!panel || lineCount >= before || panel.contains(document.activeElement)) return;
    const target =
      panel.querySelector<HTMLElement>('[data-focus-after-removal]') ??
      panel.querySelector<HTMLElement>('[data-focus-fallback]');
    target?.focus();
  }, [lineCount, panelRef]);
}

/**
 * 'Item removed: T-Rex Tiny Arms Thong. Undo' at the top of the drawer, after a removal. The page's toast
 * and its live region sit outside the dialog, hidden from screen readers while it is open, and out of
 * the keyboard's reach: the drawer says it in its own live region (always mounted, so a change to it is
 * announced) and offers the Undo between the close button and the lines, one Tab from either.
 */
function RemovalUndo() {
  const removal = useLastRemoval();
  return (
    <div
      className={
        removal
          ? 'flex items-center justify-between gap-3 border-b border-ink-200 bg-white px-5 py-3 text-sm text-ink-800'
          : 'contents'
      }
      data-testid={removal ? 'drawer-removal' : undefined}
    >
      <p role="status" aria-atomic="true" className="min-w-0">
        {removal && (
          <>
            {CART_MESSAGES.removed}: <span className="font-bold">{removal.line.product.name}</span>
          </>
        )}
      </p>
      {removal && (
        <button
          type="button"
          onClick={removal.undo}
          aria-label={`Undo removing ${removal.line.product.name}`}
          className="shrink-0 rounded-full bg-ink-900 px-3.5 py-1.5 text-xs font-bold text-white hover:bg-brand-800"
        >
          Undo
        </button>
      )}
    </div>
  );
}

function EmptyDrawer({ onContinue }: { onContinue: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-8 text-center">
      <img
        src="/images/categories/new-arrivals.svg"
        alt=""
        width={144}
        height={144}
        className="size-32 rounded-3xl shadow-sm ring-1 ring-ink-200"
      />
      <p className="mt-6 font-display text-2xl font-black text-ink-900">Your cart is empty</p>
      <p className="mt-2 max-w-xs text-ink-600">
        Looks like you haven't added any sexy dinosaur underwear to your cart yet.
      </p>
      <button type="button" onClick={onContinue} className={`${btn.primary} mt-8`}>
        Continue Shopping
      </button>
    </div>
  );
}

function DrawerSkeleton() {
  return (
    <div className="flex-1 space-y-5 px-5 py-6" aria-busy="true" aria-label="Loading your cart">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-4">
          <div className="skeleton size-20 rounded-2xl" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="skeleton h-4 w-3/4 rounded" />
            <div className="skeleton h-3 w-1/2 rounded" />
            <div className="skeleton h-8 w-28 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
