import { useRef, type MouseEvent } from 'react';
import { centsToFreeShipping, type CartTotals } from '../../../contracts/cart-rules.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { TruckIcon } from '../../components/icons.tsx';
import { OrderTotals } from '../../components/order-totals.tsx';
import { btn } from '../../components/ui.ts';
import { PromoCodeForm } from '../../features/checkout/promo-code-form.tsx';
import { DEMO_CHECKOUT_NOTICE } from '../../../contracts/demo-checkout.ts';

const PROMO_SAVE_WAIT_MS = 3_000;

/** Beside the lines: subtotal, shipping and total, the promo code, and the way to checkout. */
export function CartOrderSummary({
  totals,
  promoApplied,
  onPromoResult,
}: {
  totals: CartTotals;
  promoApplied: boolean;
  onPromoResult: (applied: boolean) => void;
}) {
  // Checkout reads the promo code from the session: a shopper who applies it and goes straight on waits
  // for the post that keeps it (a few seconds at most: a lost post must not hold them here).
  const promoSaving = useRef<Promise<unknown> | null>(null);
  const toFree = centsToFreeShipping(totals.subtotal, { promoApplied });
  const savingPromo = (saved: Promise<unknown>) => {
    promoSaving.current = saved;
    void saved.then(() => {
      if (promoSaving.current === saved) promoSaving.current = null;
    });
  };
  const toCheckout = (event: MouseEvent<HTMLAnchorElement>) => {
    const saving = promoSaving.current;
    // A click that opens another tab or window leaves this page as it is.
    if (!saving || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    void Promise.race([saving, new Promise((resolve) => setTimeout(resolve, PROMO_SAVE_WAIT_MS))]).then(() =>
      window.location.assign(href),
    );
  };
  return (
    <aside aria-labelledby="summary-heading" className="lg:sticky lg:top-24 lg:col-span-4">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
        <h2 id="summary-heading" className="font-display text-2xl font-black text-ink-900">
          Order Summary
        </h2>
        <OrderTotals totals={totals} className="mt-5" />
        {toFree > 0 && (
          <p className="mt-4 flex items-start gap-2 rounded-2xl bg-brand-50 p-3 text-sm text-brand-900">
            <TruckIcon className="mt-0.5 size-5 shrink-0" />
            <span>
              Add <strong className="tabular-nums">{formatCents(toFree)}</strong> more for free shipping, or use a promo
              code.
            </span>
          </p>
        )}

        <PromoCodeForm applied={promoApplied} onResult={onPromoResult} onSaving={savingPromo} />

        <a href="/checkout" onClick={toCheckout} className={`${btn.primary} mt-6 w-full py-3.5 text-base`}>
          Proceed to Checkout
        </a>
        <p className="mt-4 rounded-2xl bg-sun-100 p-3 text-xs leading-relaxed text-ink-800" data-testid="demo-notice">
          <strong>Demo checkout.</strong> {DEMO_CHECKOUT_NOTICE}
        </p>
      </div>
    </aside>
  );
}
