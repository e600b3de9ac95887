import { useEffect, useRef } from 'react';
import { formatCents } from '../../../contracts/money-format.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import type { PlacedOrder } from '../../../contracts/checkout.ts';

const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'Thank You for Your Order!' with the order number, date and total. */
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
        Your cheeky new underwear is being packed by our finest tiny-armed staff. (Well, it would be: this was a demo,
        so no payment was taken and nothing will ship. Your order is kept, though: track it with its number and your
        email.)
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
            {orderDate.format(new Date(order.placedAt))}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold uppercase tracking-wider text-ink-600">Total</dt>
          <dd className="mt-1 font-bold tabular-nums text-ink-900" data-testid="order-total">
            {formatCents(order.totalCents)}
          </dd>
        </div>
      </dl>
      <a href="/" className={`${btn.primary} mt-10 px-8`}>
        Back to Home
      </a>
    </div>
  );
}
