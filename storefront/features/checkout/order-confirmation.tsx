import { useEffect, useRef } from 'react';
import { formatCents } from '../../../contracts/money-format.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import type { PlacedOrder } from '../../../contracts/checkout.ts';
import { DEMO_ORDER_PLACED } from '../../../contracts/demo-checkout.ts';
import { formatDay } from '../../../contracts/order-history.ts';
import { trackOrderPath } from '../../../contracts/order-tracking.ts';

/** 'Thank You for Your Order!' with the order number, date and total, and Track Order opened at it. */
export function OrderConfirmation({ order }: { order: PlacedOrder }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      className="mx-auto max-w-2xl rounded-[2rem] bg-white px-6 py-12 text-center shadow-sm ring-1 ring-ink-200 sm:px-12"
      data-testid="order-confirmation"
    >
      <span className="mx-auto inline-flex size-16 animate-pop items-center justify-center rounded-full bg-brand-700 text-white shadow-lg">
        <CheckIcon className="size-9" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 font-display text-3xl font-black tracking-tight text-ink-900 focus:outline-none sm:text-4xl"
      >
        Thank You for Your Order!
      </h1>
      <p className="mx-auto mt-3 max-w-md text-ink-700">
        Your cheeky new underwear is being packed by our finest tiny-armed staff. {DEMO_ORDER_PLACED}
      </p>
      <dl className="mx-auto mt-8 grid max-w-lg gap-3 rounded-2xl bg-cream p-5 text-left ring-1 ring-ink-200 sm:grid-cols-3 sm:text-center">
        <div>
          <dt className="text-xs font-bold uppercase tracking-wider text-ink-600">Order number</dt>
          <dd className="mt-1 font-mono text-lg font-bold text-ink-900" data-testid="order-number">
            {order.number}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wider text-ink-600">Date</dt>
          <dd className="mt-1 font-semibold text-ink-900" data-testid="order-date">
            {formatDay(order.placedAt)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wider text-ink-600">Total</dt>
          <dd className="mt-1 font-bold tabular-nums text-ink-900" data-testid="order-total">
            {formatCents(order.totalCents)}
          </dd>
        </div>
      </dl>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <a href={trackOrderPath(order.number)} className={`${btn.primary} px-8`}>
          Track Your Order
        </a>
        <a href="/" className={`${btn.secondary} px-8`}>
          Back to Home
        </a>
      </div>
    </div>
  );
}
