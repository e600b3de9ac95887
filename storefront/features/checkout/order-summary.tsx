import type { ReactNode } from 'react';
import { SIZE_LABELS } from '../../../contracts/sizes.ts';
import type { CartItem } from '../../../contracts/cart.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { variantImageUrl } from '../../../contracts/variant-image.ts';
import { lineTotalCents, type CartTotals } from '../../../contracts/cart-rules.ts';
import { OrderTotals } from '../../components/order-totals.tsx';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

/** Checkout's order summary: the lines and the totals (shipping free from the threshold, or with the promo code), then `children` (the promo code form). */
export function OrderSummary({
  items,
  totals,
  promoApplied = false,
  children,
}: {
  items: readonly CartItem[];
  totals: CartTotals;
  promoApplied?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-200 sm:p-7"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="order-summary-heading" className="font-display text-xl font-black text-ink-900">
          Order summary
        </h2>
        <p className="text-sm text-ink-600">{totals.itemCount === 1 ? '1 item' : `${totals.itemCount} items`}</p>
      </div>
      <ul className="mt-5 divide-y divide-ink-200" aria-label="Items in your order">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-3" data-testid="summary-line">
            <div className="relative shrink-0">
              <div className="size-16 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-50 via-white to-accent-50 ring-1 ring-ink-200">
                <img
                  src={variantImageUrl(item.product.imageUrl, item.variant.colorHex)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-full object-contain p-1"
                />
              </div>
              <span
                aria-hidden="true"
                className="absolute -right-2 -top-2 inline-flex size-6 items-center justify-center rounded-full bg-ink-900 text-xs font-bold text-white"
              >
                {item.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-bold leading-snug text-ink-900">{item.product.name}</p>
              <p className="text-sm text-ink-600">
                {item.variant.color} · {SIZE_LABELS[item.variant.size]} ·{' '}
                <span className="whitespace-nowrap">Qty {item.quantity}</span>
              </p>
            </div>
            <p className="shrink-0 font-bold tabular-nums text-ink-900">{formatCents(lineTotalCents(item))}</p>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} promoApplied={promoApplied} className="mt-4 border-t border-ink-200 pt-4" />
      {totals.shipping > 0 && <p className="mt-3 text-xs text-ink-600">{SHIPPING_WORDS.checkoutHint}</p>}
      {children}
    </section>
  );
}
