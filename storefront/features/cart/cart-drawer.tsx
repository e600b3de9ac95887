import { useAtomValue } from 'jotai/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { CartItem } from '../../../contracts/cart.ts';
import { Drawer } from '../../components/drawer.tsx';
import { TruckIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import {
  centsToFreeShipping,
  FREE_SHIPPING_THRESHOLD_CENTS,
  lineTotalCents,
  subtotalCents,
} from '../../../contracts/cart-rules.ts';
import { tellHeadlessUiWhereFocusIs } from '../../lib/dialog-focus.ts';
import { cartDrawerOpenAtom, closeCartDrawer } from '../../lib/ui-state.ts';
import { PROMO_COOKIE, hasFlag } from '../../../contracts/shop-cookies.ts';
import { formatCents, formatMoney } from '../../../contracts/money-format.ts';
import { CartQueryProvider } from './cart-client.tsx';
import { lineAction } from '../../../contracts/form-actions.ts';
import { LineImage, LineVariant, productHref } from './cart-line-parts.tsx';
import { isPendingLine, stepperMax } from './cart-ops.ts';
import { noteRemoval, useLastRemoval } from './last-removal.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { ADDED_TOAST, useCart, useCartActions } from './use-cart.ts';
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

function DrawerLines({ lines, onNavigate }: { lines: CartItem[]; onNavigate: () => void }) {
  const subtotal = subtotalCents(lines);
  // The drawer renders only in the browser (loaded on its first open): the cookie is there to read.
  const toFree = centsToFreeShipping(subtotal, { promoApplied: hasFlag(document.cookie, PROMO_COOKIE) });
  return (
    <>
      <ul
        data-focus-after-removal
        tabIndex={-1}
        aria-label="Items in your cart"
        className="flex-1 divide-y divide-ink-200 overflow-y-auto px-5 focus:outline-none"
      >
        {lines.map((item) => (
          <DrawerLine key={item.id} item={item} onNavigate={onNavigate} />
        ))}
      </ul>

      <div className="border-t border-ink-200 bg-white px-5 pb-6 pt-4 shadow-[0_-8px_24px_-12px_rgb(16_24_40/0.15)]">
        <FreeShippingMeter toFree={toFree} />
        <dl className="mt-4 space-y-1.5 text-sm">
          <div className="flex justify-between text-ink-700">
            <dt>Subtotal</dt>
            <dd className="font-semibold tabular-nums text-ink-900">{formatCents(subtotal)}</dd>
          </div>
          <div className="flex justify-between text-ink-700">
            <dt>Shipping</dt>
            <dd>Calculated at checkout</dd>
          </div>
          <div className="flex justify-between border-t border-ink-200 pt-2 text-base font-bold text-ink-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatCents(subtotal)}</dd>
          </div>
        </dl>
        <div className="mt-4 grid gap-2">
          <a href="/checkout" onClick={onNavigate} className={`${btn.primary} w-full py-3.5 text-base`}>
            Proceed to Checkout
          </a>
          <button type="button" onClick={onNavigate} className={`${btn.secondary} w-full`}>
            Continue Shopping
          </button>
          <a
            href="/cart"
            onClick={onNavigate}
            className="mt-1 text-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            View full cart
          </a>
        </div>
      </div>
    </>
  );
}

function FreeShippingMeter({ toFree }: { toFree: number }) {
  const progress = Math.min(
    100,
    Math.round(((FREE_SHIPPING_THRESHOLD_CENTS - Math.max(0, toFree)) / FREE_SHIPPING_THRESHOLD_CENTS) * 100),
  );
  return (
    <div>
      <p className="flex items-center gap-2 text-sm font-semibold text-ink-800">
        <TruckIcon className="size-5 text-brand-700" />
        {toFree > 0 ? (
          <span>
            Add <span className="tabular-nums">{formatCents(toFree)}</span> more for free shipping
          </span>
        ) : (
          <span>You've unlocked free shipping!</span>
        )}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}

function DrawerLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const actions = useCartActions();
  const pending = isPendingLine(item);
  return (
    <li className="flex gap-3 py-5 min-[360px]:gap-4" data-testid="cart-line">
      <LineImage item={item} />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-bold leading-snug text-ink-900">
            <a href={productHref(item)} onClick={onNavigate} className="hover:text-brand-700 hover:underline">
              {item.product.name}
            </a>
          </h3>
          <p className="shrink-0 font-bold tabular-nums text-ink-900" data-testid="line-total">
            {formatCents(lineTotalCents(item))}
          </p>
        </div>
        <LineVariant item={item} className="mt-1" />
        {item.quantity > 1 && <p className="text-xs text-ink-500">{formatMoney(item.product.price)} each</p>}
        {/* On the narrowest screens Remove goes under the stepper rather than past the drawer's edge. */}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <QuantityStepper
            size="sm"
            label={item.product.name}
            value={item.quantity}
            max={stepperMax(item)}
            disabled={pending}
            onStep={(delta) => actions.step(item.id, delta)}
            action={lineAction(item.id)}
          />
          <button
            type="button"
            disabled={pending}
            onClick={() => actions.remove(item.id)}
            aria-label={`Remove ${item.product.name} from cart`}
            className="rounded-full px-3 py-2 text-sm font-semibold text-accent-700 underline-offset-2 hover:bg-accent-50 hover:underline disabled:cursor-not-allowed disabled:text-ink-300"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
