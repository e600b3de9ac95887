import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { CartItem } from '../../../contracts/cart.ts';
import { formatCents, formatMoney } from '../../../contracts/money-format.ts';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { ChevronLeftIcon, TruckIcon } from '../../components/icons.tsx';
import { btn, container } from '../../components/ui.ts';
import { isPendingLine, maxLineQuantity } from '../../features/cart/cart-ops.ts';
import { LineImage, LineVariant, lineAction, productHref } from '../../features/cart/cart-line-parts.tsx';
import { ReturnTo } from '../../lib/return-to.tsx';
import { QuantityStepper } from '../../features/cart/quantity-stepper.tsx';
import { useCart, useCartActions } from '../../features/cart/use-cart.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE, cartTotals, isPromoCode, lineTotalCents } from '../../../contracts/cart-rules.ts';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { PROMO_MESSAGES } from '../../../contracts/shop-messages.ts';
import type { Data } from './+data.ts';


/** The cart page: empty state, the lines, the order summary with the promo code. */
export function CartScreen() {
  const view = useCart();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lineCount = view.cart?.items.length;
  useFocusAfterRemoval(lineCount, headingRef);

  return (
    <div className={`${container} py-8 sm:py-12`}>
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Shop', href: '/shop' }, { label: 'Cart' }]} />
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

function EmptyCart({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="mx-auto mt-10 flex max-w-xl flex-col items-center rounded-[2rem] bg-white px-6 py-14 text-center shadow-sm ring-1 ring-ink-200 sm:mt-14">
      <img
        src="/images/categories/new-arrivals.svg"
        alt=""
        width={176}
        height={176}
        className="size-40 rounded-3xl shadow-sm ring-1 ring-ink-200 sm:size-44"
      />
      <h1 ref={headingRef} tabIndex={-1} className="mt-6 font-display text-3xl font-black text-ink-900 focus:outline-none sm:text-4xl">
        Your Cart is Empty
      </h1>
      <p className="mt-3 max-w-sm text-ink-600">
        Even a T-Rex with tiny arms can reach the shop. Go find something cheeky for that magnificent tail.
      </p>
      <a href="/shop" className={`${btn.primary} mt-8 px-8`}>
        Shop Now
      </a>
    </div>
  );
}

function CartLoadError({ headingRef, retry }: { headingRef: RefObject<HTMLHeadingElement | null>; retry: () => void }) {
  return (
    <div className="mx-auto mt-10 max-w-xl rounded-[2rem] bg-accent-50 px-6 py-12 text-center ring-1 ring-accent-200">
      <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-black text-ink-900 focus:outline-none">
        Your Cart
      </h1>
      <p role="alert" className="mt-3 font-semibold text-accent-800">
        There was a problem loading your cart. Please try refreshing the page.
      </p>
      <button type="button" onClick={retry} className={`${btn.secondary} mt-6`}>
        Try again
      </button>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="mt-6" aria-busy="true" aria-label="Loading your cart">
      <div className="skeleton h-10 w-56 rounded-xl" />
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12">
        <div className="space-y-4 rounded-3xl bg-white p-6 ring-1 ring-ink-200 lg:col-span-8">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-4">
              <div className="skeleton size-20 rounded-2xl" />
              <div className="flex-1 space-y-2 pt-1">
                <div className="skeleton h-4 w-2/3 rounded" />
                <div className="skeleton h-3 w-1/3 rounded" />
              </div>
            </div>
          ))}
        </div>
        <div className="skeleton h-80 rounded-3xl lg:col-span-4" />
      </div>
    </div>
  );
}

function FilledCart({ items, headingRef }: { items: CartItem[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const [promoApplied, setPromoApplied] = useState(useData<Data>().promoApplied);
  const actions = useCartActions();
  const totals = cartTotals(items, { promoApplied });
  const itemsLabel = totals.itemCount === 1 ? '1 item' : `${totals.itemCount} items`;

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-2">
        <h1 ref={headingRef} tabIndex={-1} className="font-display text-4xl font-black tracking-tight text-ink-900 focus:outline-none sm:text-5xl">
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
            <LinesTable items={items} />
            <LinesList items={items} />
          </div>
          <div className="mt-6 flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-wrap items-center gap-2">
              <a href="/shop" className={`${btn.secondary} sm:self-auto`}>
                <ChevronLeftIcon className="size-4" />
                Continue Shopping
              </a>
              <form method="post" action="/cart/clear">
                <button
                  type="submit"
                  onClick={(event) => {
                    event.preventDefault();
                    actions.clear();
                  }}
                  className={btn.ghost}
                >
                  Clear cart
                </button>
              </form>
            </div>
            <p className="text-center text-ink-700 sm:text-right" data-testid="cart-subtotal">
              Subtotal ({itemsLabel}): <strong className="text-lg tabular-nums text-ink-900">{formatCents(totals.subtotal)}</strong>
            </p>
          </div>
        </section>

        <aside aria-labelledby="summary-heading" className="lg:sticky lg:top-24 lg:col-span-4">
          <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
            <h2 id="summary-heading" className="font-display text-2xl font-black text-ink-900">
              Order Summary
            </h2>
            <dl className="mt-5 space-y-3 text-sm" data-testid="order-summary">
              <div className="flex justify-between text-ink-700">
                <dt>Subtotal</dt>
                <dd className="font-semibold tabular-nums text-ink-900">{formatCents(totals.subtotal)}</dd>
              </div>
              <div className="flex justify-between text-ink-700">
                <dt>Shipping</dt>
                <dd className="font-semibold tabular-nums text-ink-900" data-testid="shipping">
                  {totals.shipping === 0 ? <span className="text-brand-700">Free</span> : formatCents(totals.shipping)}
                </dd>
              </div>
              <div className="flex justify-between border-t border-ink-200 pt-3 text-lg font-black text-ink-900">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="order-total">
                  {formatCents(totals.total)}
                </dd>
              </div>
            </dl>
            {totals.shipping > 0 && (
              <p className="mt-4 flex items-start gap-2 rounded-2xl bg-brand-50 p-3 text-sm text-brand-900">
                <TruckIcon className="mt-0.5 size-5 shrink-0" />
                <span>
                  Add <strong className="tabular-nums">{formatCents(FREE_SHIPPING_THRESHOLD_CENTS - totals.subtotal)}</strong> more for free
                  shipping, or use a promo code.
                </span>
              </p>
            )}

            <PromoCodeForm applied={promoApplied} onResult={setPromoApplied} />

            <a href="/checkout" className={`${btn.primary} mt-6 w-full py-3.5 text-base`}>
              Proceed to Checkout
            </a>
            <p className="mt-4 rounded-2xl bg-sun-100 p-3 text-xs leading-relaxed text-ink-800" data-testid="demo-notice">
              <strong>Demo checkout:</strong> this is a demonstration shop. No payment is taken, card numbers are never kept and no
              order is shipped.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}

function PromoCodeForm({ applied, onResult }: { applied: boolean; onResult: (applied: boolean) => void }) {
  const id = useId();
  const posted = flashFor(usePageContext().flash, 'promo');
  const [code, setCode] = useState(posted?.values.promoCode ?? (applied ? PROMO_CODE : ''));
  const [result, setResult] = useState<'applied' | 'invalid' | null>(
    posted?.result === 'invalid' ? 'invalid' : posted?.result === 'applied' ? 'applied' : null,
  );
  const inputRef = useRef<HTMLInputElement>(null);

  // A code typed before the page hydrated is in the DOM, not in React state: adopt it.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '') setCode(typed);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nowApplied = isPromoCode(code);
    setResult(nowApplied ? 'applied' : 'invalid');
    onResult(nowApplied);
    // The session keeps the code for checkout (the same post a page without JavaScript makes).
    void fetch('/cart/promo', { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ promoCode: code }) }).catch(() => undefined);
  };

  return (
    <form method="post" action="/cart/promo" onSubmit={onSubmit} className="mt-6 border-t border-ink-200 pt-5">
      <label htmlFor={`${id}-code`} className="text-sm font-bold text-ink-900">
        Promo code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-code`}
          name="promoCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter code"
          aria-invalid={result === 'invalid' || undefined}
          aria-describedby={`${id}-message`}
          className={`min-w-0 flex-1 rounded-full border-2 bg-white px-4 py-2.5 text-sm font-semibold uppercase tracking-wide text-ink-900 placeholder:font-normal placeholder:normal-case placeholder:tracking-normal placeholder:text-ink-500 focus:outline-none ${
            result === 'invalid' ? 'border-accent-600' : result === 'applied' ? 'border-brand-600' : 'border-ink-200 focus:border-brand-600'
          }`}
        />
        <button type="submit" className={btn.small}>
          Apply
        </button>
      </div>
      <p
        id={`${id}-message`}
        role="status"
        data-testid="promo-message"
        className={`mt-2 min-h-5 text-sm font-semibold ${result === 'invalid' ? 'text-red-700' : 'text-brand-700'}`}
      >
        {result === 'applied' ? PROMO_MESSAGES.applied : result === 'invalid' ? PROMO_MESSAGES.invalid : ''}
      </p>
    </form>
  );
}

function RemoveButton({ item, compact = false }: { item: CartItem; compact?: boolean }) {
  const actions = useCartActions();
  return (
    <form method="post" action={`${lineAction(item)}/remove`} className="inline">
      <ReturnTo />
      <button
        type="submit"
        disabled={isPendingLine(item)}
        onClick={(event) => {
          event.preventDefault();
          actions.remove(item.id);
        }}
        aria-label={`Remove ${item.product.name} from cart`}
        className={`inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-ink-600 transition hover:bg-accent-50 hover:text-accent-700 disabled:cursor-not-allowed disabled:text-ink-300 ${
          compact ? 'size-10 justify-center' : 'px-3 py-2'
        }`}
      >
        <TrashIcon className="size-5" />
        <span className={compact ? 'sr-only' : ''}>Remove</span>
      </button>
    </form>
  );
}

function LineStepper({ item }: { item: CartItem }) {
  const actions = useCartActions();
  return (
    <QuantityStepper
      label={item.product.name}
      value={item.quantity}
      max={maxLineQuantity(item)}
      disabled={isPendingLine(item)}
      onStep={(delta) => actions.step(item.id, delta)}
      action={lineAction(item)}
    />
  );
}

/** md and up: a real table. */
function LinesTable({ items }: { items: CartItem[] }) {
  return (
    <table className="hidden w-full text-left md:table" data-testid="cart-table">
      <caption className="sr-only">Items in your cart, with unit price, quantity and line total</caption>
      <thead className="border-b border-ink-200 bg-ink-50 text-xs font-bold uppercase tracking-wider text-ink-600">
        <tr>
          <th scope="col" className="px-6 py-3">
            Product
          </th>
          <th scope="col" className="px-3 py-3">
            Price
          </th>
          <th scope="col" className="px-3 py-3">
            Quantity
          </th>
          <th scope="col" className="px-3 py-3 text-right">
            Total
          </th>
          <th scope="col" className="px-4 py-3">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-200">
        {items.map((item) => (
          <tr key={item.id} data-testid="cart-row">
            <td className="px-6 py-5">
              <div className="flex items-center gap-4">
                <LineImage item={item} />
                <div className="min-w-0">
                  <a href={productHref(item)} className="font-bold leading-snug text-ink-900 hover:text-brand-700 hover:underline">
                    {item.product.name}
                  </a>
                  <LineVariant item={item} className="mt-1" />
                </div>
              </div>
            </td>
            <td className="px-3 py-5 tabular-nums text-ink-700">{formatMoney(item.product.price)}</td>
            <td className="px-3 py-5">
              <LineStepper item={item} />
            </td>
            <td className="px-3 py-5 text-right font-bold tabular-nums text-ink-900" data-testid="line-total">
              {formatCents(lineTotalCents(item))}
            </td>
            <td className="px-4 py-5 text-right">
              <RemoveButton item={item} compact />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Below md: one card per line. */
function LinesList({ items }: { items: CartItem[] }) {
  return (
    <ul className="divide-y divide-ink-200 md:hidden" aria-label="Items in your cart">
      {items.map((item) => (
        <li key={item.id} className="flex gap-4 p-4" data-testid="cart-row">
          <LineImage item={item} />
          <div className="min-w-0 flex-1">
            <a href={productHref(item)} className="font-bold leading-snug text-ink-900 hover:text-brand-700 hover:underline">
              {item.product.name}
            </a>
            <LineVariant item={item} className="mt-1" />
            <p className="mt-1 text-sm tabular-nums text-ink-600">{formatMoney(item.product.price)} each</p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <LineStepper item={item} />
              <p className="font-bold tabular-nums text-ink-900" data-testid="line-total">
                {formatCents(lineTotalCents(item))}
              </p>
            </div>
            <div className="mt-1 -ml-3">
              <RemoveButton item={item} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TrashIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
