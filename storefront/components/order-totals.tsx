import { PROMO_CODE } from '../../contracts/cart-rules.ts';
import { orderTotalsRows, type TotalsLabel } from '../../contracts/order-presentation.ts';

/** The hooks the browser tests find the rows by. */
const TEST_IDS: Partial<Record<TotalsLabel, string>> = {
  Shipping: 'summary-shipping',
  Discount: 'summary-discount',
  Total: 'summary-total',
};

/**
 * The totals of an order summary, the cart's and checkout's alike, as the order reads everywhere
 * (contracts/order-presentation.ts): subtotal, shipping ('Free' or its price), any discount, the
 * promo code's line while it applies (when `promoApplied` is given), and the total.
 */
export function OrderTotals({
  totals,
  promoApplied = false,
  className = '',
}: {
  totals: { subtotal: number; shipping: number; discount?: number; total: number };
  promoApplied?: boolean;
  className?: string;
}) {
  const rows = orderTotalsRows({
    subtotalCents: totals.subtotal,
    shippingCents: totals.shipping,
    discountCents: totals.discount ?? 0,
    totalCents: totals.total,
  });
  const charges = rows.filter((row) => row.label !== 'Total');
  const total = rows.find((row) => row.label === 'Total')!;
  return (
    <dl className={`space-y-3 text-sm ${className}`} data-testid="order-summary">
      {charges.map((row) => (
        <div key={row.label} className="flex justify-between text-ink-700">
          <dt>{row.label}</dt>
          <dd className="font-semibold tabular-nums text-ink-900" data-testid={TEST_IDS[row.label]}>
            {row.label === 'Shipping' ? (
              <span className={totals.shipping === 0 ? 'text-brand-700' : undefined}>{row.value}</span>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
      {promoApplied && (
        <div className="flex justify-between text-brand-800" data-testid="summary-promo">
          <dt>Promo code {PROMO_CODE}</dt>
          <dd className="font-semibold">Free shipping</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-ink-200 pt-3 text-lg font-black text-ink-900">
        <dt>{total.label}</dt>
        <dd className="tabular-nums" data-testid={TEST_IDS.Total}>
          {total.value}
        </dd>
      </div>
    </dl>
  );
}
