// The drawer's lines, its free-shipping meter and its totals.
import type { CartItem } from '../../../contracts/cart.ts';
import { TruckIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import {
  centsToFreeShipping,
  FREE_SHIPPING_THRESHOLD_CENTS,
  lineTotalCents,
  subtotalCents,
} from '../../../contracts/cart-rules.ts';
import { PROMO_COOKIE, hasFlag } from '../../../contracts/shop-cookies.ts';
import { formatCents, formatMoney } from '../../../contracts/money-format.ts';
import { lineAction } from '../../../contracts/form-actions.ts';
import { LineImage, LineVariant, productHref } from './cart-line-parts.tsx';
import { isPendingLine, stepperMax } from './cart-ops.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { useCartActions } from './use-cart.ts';

export function DrawerLines({ lines, onNavigate }: { lines: CartItem[]; onNavigate: () => void }) {
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
