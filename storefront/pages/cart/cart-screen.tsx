import { useEffect, useRef, useState, type RefObject } from 'react';
import { useData } from 'vike-react/useData';
import type { CartItem } from '../../../contracts/cart.ts';
import { cartTotals } from '../../../contracts/cart-rules.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { InPlaceSubmit } from '../../components/in-place-submit.tsx';
import { btn, container } from '../../components/ui.ts';
import { useCart, useCartActions } from '../../features/cart/use-cart.ts';
import { SeenCartVersion } from '../../features/cart/seen-cart-version.tsx';
import type { Data } from './+data.ts';
import { CartLines } from './cart-lines.tsx';
import { CartOrderSummary } from './cart-order-summary.tsx';
import { CartLoadError, CartSkeleton, EmptyCart } from './cart-states.tsx';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** The cart page: empty state, the lines, the order summary with the promo code. */
export function CartScreen() {
  const view = useCart();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lineCount = view.cart?.items.length;
  useFocusAfterRemoval(lineCount, headingRef);

  return (
    <div className={`${container} py-8 sm:py-12`}>
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Shop', href: SHOP_PATH }, { label: 'Cart' }]} />
      {view.cart === undefined ? (
        view.isError ? (
          <CartLoadError headingRef={headingRef} retry={view.retry} />
        ) : (
          <CartSkeleton />
        )
      ) : view.cart.items.length === 0 ? (
        <EmptyCart headingRef={headingRef} />
      ) : (
        <FilledCart items={view.cart.items} headingRef={headingRef} />
      )}
    </div>
  );
}

/** After a Remove the pressed button is gone: put keyboard focus on the page heading, not on <body>. */
function useFocusAfterRemoval(lineCount: number | undefined, headingRef: RefObject<HTMLHeadingElement | null>) {
  const previous = useRef(lineCount);
  useEffect(() => {
    const before = previous.current;
    previous.current = lineCount;
    if (before === undefined || lineCount === undefined || lineCount >= before) return;
    const active = document.activeElement;
    if (active === null || active === document.body) headingRef.current?.focus();
  }, [lineCount, headingRef]);
}

function FilledCart({ items, headingRef }: { items: CartItem[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const [promoApplied, setPromoApplied] = useState(useData<Data>().promoApplied);
  const actions = useCartActions();
  const totals = cartTotals(items, { promoApplied });
  const itemsLabel = totals.itemCount === 1 ? '1 item' : `${totals.itemCount} items`;

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-2">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-4xl font-black tracking-tight text-ink-900 focus:outline-none sm:text-5xl"
        >
          Your Cart
        </h1>
        <p className="pb-1 text-ink-600" data-testid="cart-item-count">
          {itemsLabel} in your cart
        </p>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
        <section aria-labelledby="cart-lines-heading" className="lg:col-span-8">
          <h2 id="cart-lines-heading" className="sr-only">
            Items in your cart
          </h2>
          <div className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink-200">
            <CartLines items={items} />
          </div>
          <div className="mt-6 flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-2">
              <a href={SHOP_PATH} className={`${btn.secondary} sm:self-auto`}>
                <ChevronLeftIcon className="size-4" />
                Continue Shopping
              </a>
              <form method="post" action={FORM_ACTIONS.cartClear}>
                <SeenCartVersion />
                <InPlaceSubmit onSubmitInPlace={actions.clear} className={btn.ghost}>
                  Clear cart
                </InPlaceSubmit>
              </form>
            </div>
            <p className="text-center text-ink-700 sm:text-right" data-testid="cart-subtotal">
              Subtotal ({itemsLabel}):{' '}
              <strong className="text-lg tabular-nums text-ink-900">{formatCents(totals.subtotal)}</strong>
            </p>
          </div>
        </section>

        <CartOrderSummary totals={totals} promoApplied={promoApplied} onPromoResult={setPromoApplied} />
      </div>
    </>
  );
}
