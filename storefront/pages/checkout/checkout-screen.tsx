import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import type { Data } from './+data.ts';
import type { CartItem } from '../../../contracts/cart.ts';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { btn, container } from '../../components/ui.ts';
import { useCart, useCartActions } from '../../features/cart/use-cart.ts';
import type { CheckoutFormValues, PlacedOrder } from '../../../contracts/checkout.ts';
import { ApiRequestError, shopperMessage } from '../../lib/api-fetch.ts';
import { submitOrder } from '../../features/checkout/submit-order.ts';
import { CheckoutForm } from '../../features/checkout/checkout-form.tsx';
import { OrderConfirmation } from '../../features/checkout/order-confirmation.tsx';
import { lastOrder, rememberOrder } from '../../features/checkout/last-order.ts';
import { OrderSummary } from '../../features/checkout/order-summary.tsx';
import { PromoCodeForm } from '../../features/checkout/promo-code-form.tsx';
import { cartTotals } from '../../../contracts/cart-rules.ts';
import { CART_MESSAGES } from '../../../contracts/shop-messages.ts';
import { toast, toastOnNextPage } from '../../features/toast/toast.ts';
import { DEMO_CHECKOUT_NOTICE } from '../../../contracts/demo-checkout.ts';

/**
 * Checkout composes the cart feature (the lines, clearing the cart) with the checkout feature (form,
 * summary, confirmation); the two features never import each other.
 */
export function CheckoutScreen() {
  const view = useCart();
  const cartActions = useCartActions();
  // Why the last try to place the order was refused (too few left, say), in the API's words.
  const [refusal, setRefusal] = useState<string | null>(null);
  // A plain form post that placed the order lands here with it in the flash (the cart is already empty).
  const [order, setOrder] = useState<PlacedOrder | null>(usePageContext().flash?.order ?? null);
  const { promoApplied } = useData<Data>();
  const empty = view.cart !== undefined && view.cart.items.length === 0;
  // While an order is being placed its cart empties before the order is shown; an order refused
  // because another tab changed the cart must not bring back an earlier order's confirmation.
  const [placing, setPlacing] = useState<'no' | 'yes' | 'refused'>('no');

  // An empty cart redirects to /cart, unless the order was just completed (in this visit, or before a reload).
  useEffect(() => {
    if (!empty || order !== null || placing === 'yes') return;
    const placed = placing === 'refused' ? null : lastOrder();
    if (placed) return setOrder(placed);
    if (placing === 'refused')
      toastOnNextPage(CART_MESSAGES.changedElsewhere, CART_MESSAGES.changedElsewhereDescription);
    window.location.assign('/cart');
  }, [empty, order, placing]);
  // A confirmation posted without JavaScript (the flash) is remembered too, once this page runs.
  useEffect(() => {
    if (order) rememberOrder(order);
  }, [order]);

  if (order) {
    return (
      <div className={`${container} py-10 sm:py-16`}>
        <OrderConfirmation order={order} />
      </div>
    );
  }

  // The shop records the order from the session's cart; a refusal leaves the cart as it is, reloaded
  // so the page shows what is left, with the shop's reason.
  const complete = async (values: CheckoutFormValues) => {
    setPlacing('yes');
    setRefusal(null);
    try {
      const placed = await submitOrder(values, view.version);
      cartActions.orderPlaced();
      setOrder(placed);
      setPlacing('no');
      return true;
    } catch (error) {
      // Another tab changed the cart: said as every stale cart change says it; other refusals (too
      // few left) stay on the page, above the form.
      if (error instanceof ApiRequestError && error.status === 412)
        toast.error(CART_MESSAGES.changedElsewhere, { description: CART_MESSAGES.changedElsewhereDescription });
      else setRefusal(shopperMessage(error, CART_MESSAGES.tryAgain));
      cartActions.refresh();
      setPlacing('refused');
      return false;
    }
  };

  return (
    <div className={`${container} py-8 sm:py-12`}>
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Cart', href: '/cart' }, { label: 'Checkout' }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-4xl font-black tracking-tight text-ink-900 sm:text-5xl">Checkout</h1>
        <a href="/cart" className={`${btn.ghost} -mr-2`}>
          <ChevronLeftIcon className="size-4" />
          Back to Cart
        </a>
      </div>
      <p
        className="mt-4 rounded-2xl bg-sun-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sun-300"
        data-testid="demo-notice"
      >
        <strong>Demo checkout.</strong> {DEMO_CHECKOUT_NOTICE}
      </p>

      {view.cart === undefined ? (
        view.isError ? (
          <div className="mt-8 rounded-3xl bg-accent-50 p-8 text-center ring-1 ring-accent-200">
            <p role="alert" className="font-semibold text-accent-800">
              There was a problem loading your cart. Please try refreshing the page.
            </p>
            <button type="button" onClick={view.retry} className={`${btn.secondary} mt-4`}>
              Try again
            </button>
          </div>
        ) : (
          <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12" aria-busy="true" aria-label="Loading your cart">
            <div className="skeleton h-[36rem] rounded-3xl lg:col-span-7" />
            <div className="skeleton h-72 rounded-3xl lg:col-span-5" />
          </div>
        )
      ) : empty ? null : (
        <>
          {refusal && (
            <p
              role="alert"
              className="mt-6 rounded-2xl bg-accent-50 px-4 py-3 text-sm font-semibold text-accent-800 ring-1 ring-accent-200"
              data-testid="order-refusal"
            >
              {refusal}
            </p>
          )}
          <CheckoutBody
            items={view.cart.items}
            cartVersion={view.version}
            promoApplied={promoApplied}
            onComplete={complete}
          />
        </>
      )}
    </div>
  );
}

interface CheckoutBodyProps {
  items: CartItem[];
  cartVersion: number | null;
  promoApplied: boolean;
  onComplete: (values: CheckoutFormValues) => Promise<boolean>;
}

function CheckoutBody({ items, cartVersion, promoApplied: appliedBefore, onComplete }: CheckoutBodyProps) {
  // The banner sends shoppers here with the code, so it can be entered here as on the cart page.
  const [promoApplied, setPromoApplied] = useState(appliedBefore);
  const totals = cartTotals(items, { promoApplied });
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
      <div className="lg:col-span-7">
        <CheckoutForm totalCents={totals.total} cartVersion={cartVersion} onComplete={onComplete} />
      </div>
      <div className="order-first lg:sticky lg:top-24 lg:order-none lg:col-span-5">
        <OrderSummary items={items} totals={totals} promoApplied={promoApplied}>
          <PromoCodeForm applied={promoApplied} onResult={setPromoApplied} />
        </OrderSummary>
      </div>
    </div>
  );
}
