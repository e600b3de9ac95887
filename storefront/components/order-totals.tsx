import { PROMO_CODE, type CartTotals } from '../../contracts/cart-rules.ts';
import { formatCents, formatShipping } from '../../contracts/money-format.ts';

/**
 * The totals of an order summary, the cart's and checkout's alike: subtotal, shipping ('Free' or its
 * price), the promo code's line while it applies (when `promoApplied` is given), and the total.
 */
export function OrderTotals({ totals, promoApplied = false, className = '' }: { totals: CartTotals; promoApplied?: boolean; className?: string }) {
  return (
    <dl className={`space-y-3 text-sm ${className}`} data-testid="order-summary">
      <div className="flex justify-between text-ink-700">
        <dt>Subtotal</dt>
        <dd className="font-semibold tabular-nums text-ink-900">{formatCents(totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between text-ink-700">
        <dt>Shipping</dt>
        <dd className="font-semibold tabular-nums text-ink-900" data-testid="summary-shipping">
          <span className={totals.shipping === 0 ? 'text-brand-700' : undefined}>{formatShipping(totals.shipping)}</span>
        </dd>
      </div>
      {promoApplied && (
        <div className="flex justify-between text-brand-800" data-testid="summary-promo">
          <dt>Promo code {PROMO_CODE}</dt>
          <dd className="font-semibold">Free shipping</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-ink-200 pt-3 text-lg font-black text-ink-900">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="summary-total">
          {formatCents(totals.total)}
        </dd>
      </div>
    </dl>
  );
}
