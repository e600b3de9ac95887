import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { flashFor } from '../../lib/flash.ts';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts';
import { focusOnMount } from '../../lib/focus-on-mount.ts';
import { decimalToCents, formatMoney } from '../../../contracts/money-format.ts';
import { lineQuantityPrice, lineTotal, orderTotalsRows, totalRow, type TotalsRow } from '../../../contracts/order-presentation.ts';
import { TextField } from '../../components/form-field.tsx';
import { InPlaceSubmit } from '../../components/in-place-submit.tsx';
import { MascotPeek } from '../../components/mascot-peek.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { btn } from '../../components/ui.ts';
import {
  SAMPLE_ORDER,
  shopperCanCancel,
  trackSampleOrder,
  validateTrackForm,
  type TrackErrors,
  type TrackResult,
  type TrackedOrder,
} from '../../../contracts/order-tracking.ts';
import { formatHappenedAt, historyLabel } from '../../../contracts/order-history.ts';
import { statusBadgeClass } from '../../lib/order-status-badge.ts';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { ORDER_NOT_FOUND } from '../../../contracts/shop-messages.ts';

export default function TrackOrderPage() {
  // Without JavaScript the form posts to /track-order and comes back with its values and outcome.
  const flash = usePageContext().flash;
  const posted = flashFor(flash, 'track');
  const [orderNumber, setOrderNumber] = useState(posted?.values.orderNumber ?? '');
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [errors, setErrors] = useState<TrackErrors>(posted?.errors ?? {});
  // A posted lookup that found a recorded order carries it; otherwise the sample is matched here.
  const [result, setResult] = useState<TrackResult | null>(
    flash?.tracked ? { kind: 'found', order: flash.tracked } : posted?.result === 'not-found' ? { kind: 'not-found' } : posted?.result ? trackSampleOrder(orderNumber, email) : null,
  );
  const [looking, setLooking] = useState(false);
  // What became of a Cancel: the plain form's answer says it in the flash, the enhanced page sets it.
  const [cancelNote, setCancelNote] = useState<CancelNote | null>(
    posted?.result === 'cancelled' ? { kind: 'cancelled' } : posted?.errors.cancel ? { kind: 'refused', message: posted.errors.cancel } : null,
  );
  const [cancelling, setCancelling] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) => {
    if (typed.orderNumber !== undefined) setOrderNumber(typed.orderNumber);
    if (typed.email !== undefined) setEmail(typed.email);
  });
  // The confirmation mail links here with the number (never the address, which would sit in logs).
  // Read in the browser: the page is cached under its path alone, so its render never sees the query.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('number')?.trim().slice(0, 40);
    if (linked) setOrderNumber((typed) => typed || linked);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTrackForm(orderNumber, email);
    setErrors(found);
    if (found.orderNumber || found.email) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${found.orderNumber ? 'orderNumber' : 'email'}"]`)?.focus();
      return;
    }
    const sample = trackSampleOrder(orderNumber, email);
    if (sample.kind === 'found') return setResult(sample);
    setLooking(true);
    // Loaded on the first lookup: the page's first load carries no valibot for it.
    void import('./find-order.ts')
      .then(({ findOrder }) => findOrder(orderNumber, email))
      .then(setResult, async (error: unknown) => {
        const { shopperMessage } = await import('../../lib/api-fetch.ts');
        setErrors({ orderNumber: shopperMessage(error, 'We could not look up your order. Please try again.') });
      })
      .finally(() => setLooking(false));
  };

  // With JavaScript the Cancel is sent from here and its outcome shown in place.
  const cancel = () => {
    if (result?.kind !== 'found' || cancelling) return;
    setCancelling(true);
    setCancelNote(null);
    void import('./cancel-order.ts')
      .then(({ cancelOrder }) => cancelOrder(result.order.number, email))
      .then(
        (outcome) => {
          if (outcome.kind === 'not-found') return setResult({ kind: 'not-found' });
          if (outcome.order) setResult({ kind: 'found', order: outcome.order });
          setCancelNote(outcome.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'refused', message: outcome.message });
        },
        async (error: unknown) => {
          const { shopperMessage } = await import('../../lib/api-fetch.ts');
          setCancelNote({ kind: 'refused', message: shopperMessage(error, 'We could not cancel your order. Please try again.') });
        },
      )
      .finally(() => setCancelling(false));
  };

  const tryAgain = () => {
    setResult(null);
    setCancelNote(null);
    setOrderNumber('');
    setEmail('');
    setErrors({});
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="orderNumber"]')?.focus());
  };

  return (
    <>
      <PageHero title="Track Your Order" eyebrow="Where are my undies?" mascot="raptor">
        Enter your order number and the email you ordered with to see where your package is roaming.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {result === null ? (
          <form ref={formRef} method="post" action={FORM_ACTIONS.trackOrder} noValidate onSubmit={onSubmit} className="space-y-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8">
            <TextField
              label="Order number"
              name="orderNumber"
              value={orderNumber}
              onChange={(e) => setOrderNumber(e.target.value)}
              error={errors.orderNumber}
              placeholder="COC-123456"
              hint="Order numbers start with COC- followed by numbers, e.g. COC-123456."
              autoComplete="off"
              required
            />
            <TextField
              label="Email address"
              name="email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
              autoComplete="email"
              required
            />
            <button type="submit" className={btn.primary} disabled={looking}>
              Track Order
            </button>
          </form>
        ) : result.kind === 'found' ? (
          <OrderDetails
            order={result.order}
            lookup={{ orderNumber, email }}
            cancelNote={cancelNote}
            cancelling={cancelling}
            onCancel={cancel}
            onTryAgain={tryAgain}
          />
        ) : (
          <div role="status" className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-ink-200">
            <MascotPeek mascot="stego" size="sm" className="mx-auto" />
            <h2 ref={focusOnMount} tabIndex={-1} className="mt-4 font-display text-2xl font-black text-ink-900 focus:outline-none">
              {ORDER_NOT_FOUND}
            </h2>
            <p className="mx-auto mt-2 max-w-md text-ink-700">
              We couldn't find an order with those details: check the number on your confirmation (it starts with #DINO-) and the
              email you ordered with. This is a demo shop: try the sample order number{' '}
              <strong className="font-mono text-ink-900">{SAMPLE_ORDER.number}</strong> with any email address.
            </p>
            <TryAgain onClick={tryAgain} className={`${btn.primary} mt-6`} />
          </div>
        )}
      </div>
    </>
  );
}

/** A Cancel's outcome, shown above the order: done, or refused in the shop's words. */
type CancelNote = { kind: 'cancelled' } | { kind: 'refused'; message: string };

interface OrderDetailsProps {
  order: TrackedOrder;
  /** The number and address the shopper typed: a Cancel sends them back, as the lookup did. */
  lookup: { orderNumber: string; email: string };
  cancelNote: CancelNote | null;
  cancelling: boolean;
  onCancel: () => void;
  onTryAgain: () => void;
}

function OrderDetails({ order, lookup, cancelNote, cancelling, onCancel, onTryAgain }: OrderDetailsProps) {
  return (
    <section role="status" aria-labelledby="order-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="order-heading" ref={focusOnMount} tabIndex={-1} className="font-display text-2xl font-black text-ink-900 focus:outline-none">
            Order {order.number}
          </h2>
          <p className="mt-1 text-sm text-ink-600">Placed on {order.date}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${statusBadgeClass(order.status)}`} data-testid="order-status">
          {order.status}
        </span>
      </div>

      {cancelNote && <CancelNoteText note={cancelNote} />}

      <h3 className="mt-8 text-sm font-bold uppercase tracking-wide text-ink-900">Items</h3>
      <ul className="mt-3 divide-y divide-ink-100 rounded-2xl ring-1 ring-ink-200">
        {order.items.map((item) => {
          const priced = { quantity: item.quantity, unitPriceCents: decimalToCents(item.price) };
          return (
            <li key={item.name} className="flex justify-between gap-4 px-4 py-3 text-sm">
              <span className="text-ink-800">
                {item.name} <span className="text-ink-600">{lineQuantityPrice(priced)}</span>
              </span>
              <span className="font-semibold text-ink-900">{lineTotal(priced)}</span>
            </li>
          );
        })}
        {totalsRowsOf(order).map((row) =>
          row.label === 'Total' ? (
            <li key={row.label} className="flex justify-between gap-4 px-4 py-3 text-sm font-bold">
              <span>{row.label}</span>
              <span>{row.value}</span>
            </li>
          ) : (
            <li key={row.label} className="flex justify-between gap-4 px-4 py-3 text-sm text-ink-700" data-testid={row.label === 'Shipping' ? 'tracked-shipping' : undefined}>
              <span>{row.label}</span>
              <span className="font-semibold text-ink-900">{row.value}</span>
            </li>
          ),
        )}
        {order.refunded && (
          <li className="flex justify-between gap-4 px-4 py-3 text-sm font-semibold text-brand-800" data-testid="tracked-refunded">
            <span>Refunded</span>
            <span>{formatMoney(order.refunded)}</span>
          </li>
        )}
      </ul>

      <h3 className="mt-8 text-sm font-bold uppercase tracking-wide text-ink-900">Shipping</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {(
          [
            ['Method', order.shipping.method],
            ['Carrier', order.shipping.carrier],
            ['Tracking number', order.shipping.trackingNumber],
            ['Estimated delivery', order.shipping.eta],
            ['Address', order.shipping.address],
          ] as Array<readonly [string, string | undefined]>
        )
          .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
          .map(([term, value]) => (
          <div key={term}>
            <dt className="text-ink-600">{term}</dt>
            <dd className="font-semibold text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>

      {order.history && order.history.length > 0 && <History events={order.history} />}

      {shopperCanCancel(order) && <CancelOrder lookup={lookup} cancelling={cancelling} onCancel={onCancel} />}

      <TryAgain onClick={onTryAgain} className={`${btn.secondary} mt-8`} label="Track another order" />
    </section>
  );
}

/** What became of a Cancel; focus moves to it, as the button pressed is gone (or did nothing). */
function CancelNoteText({ note }: { note: CancelNote }) {
  return note.kind === 'cancelled' ? (
    <p ref={focusOnMount} tabIndex={-1} className="mt-6 rounded-2xl bg-ink-50 px-4 py-3 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 focus:outline-none" data-testid="cancel-note">
      Your order has been cancelled: nothing will ship.
    </p>
  ) : (
    <p ref={focusOnMount} tabIndex={-1} className="mt-6 rounded-2xl bg-accent-50 px-4 py-3 text-sm font-semibold text-accent-700 ring-1 ring-accent-200 focus:outline-none" data-testid="cancel-note">
      {note.message}
    </p>
  );
}

/** The order's events, oldest first, in words, with when each happened. */
function History({ events }: { events: NonNullable<TrackedOrder['history']> }) {
  return (
    <>
      <h3 className="mt-8 text-sm font-bold uppercase tracking-wide text-ink-900">History</h3>
      <ol className="mt-3 space-y-3 border-l-2 border-ink-200 pl-5" data-testid="order-history">
        {events.map((event, index) => (
          <li key={`${event.type}-${event.at}-${index}`} className="relative flex flex-wrap items-baseline gap-x-3 text-sm">
            <span aria-hidden="true" className="absolute top-1 -left-[27px] size-3 rounded-full bg-brand-600 ring-4 ring-white" />
            <span className="font-semibold text-ink-900">{historyLabel(event.type)}</span>
            <time dateTime={event.at} className="text-ink-600">
              {formatHappenedAt(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Cancel, for an order that has not shipped: a disclosure asks once more (cancelling cannot be undone,
 * unlike a cart's Undo), then a plain form posts the number and address the shopper typed. The same
 * with or without JavaScript; with it, the Cancel is sent in place.
 */
function CancelOrder({ lookup, cancelling, onCancel }: { lookup: OrderDetailsProps['lookup']; cancelling: boolean; onCancel: () => void }) {
  return (
    <div className="mt-8 rounded-2xl bg-ink-50 p-5 ring-1 ring-ink-200">
      <h3 className="text-sm font-bold uppercase tracking-wide text-ink-900">Changed your mind?</h3>
      <p className="mt-1 text-sm text-ink-700">This order has not shipped yet, so you can still cancel it.</p>
      <details className="group mt-4">
        <summary className={`${btn.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          Cancel order
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-accent-200">
          <p className="text-sm text-ink-800">Cancelling cannot be undone: nothing will ship, and its items go back on the shelf.</p>
          <form method="post" action={FORM_ACTIONS.trackOrderCancel} className="mt-4">
            <input type="hidden" name="orderNumber" value={lookup.orderNumber} />
            <input type="hidden" name="email" value={lookup.email} />
            <InPlaceSubmit
              onSubmitInPlace={onCancel}
              aria-disabled={cancelling || undefined}
              aria-busy={cancelling || undefined}
              className={`${btn.accent} ${cancelling ? 'cursor-wait opacity-90' : ''}`}
            >
              {cancelling ? 'Cancelling...' : 'Yes, cancel this order'}
            </InPlaceSubmit>
          </form>
        </div>
      </details>
    </div>
  );
}

/** What the total is made of (subtotal, shipping, any discount) and the total; the sample records its total alone. */
function totalsRowsOf(order: TrackedOrder): TotalsRow[] {
  const totalCents = decimalToCents(order.total);
  const { charges } = order;
  if (!charges) return [totalRow(totalCents)];
  return orderTotalsRows({
    subtotalCents: decimalToCents(charges.subtotal),
    shippingCents: decimalToCents(charges.shipping),
    discountCents: decimalToCents(charges.discount),
    totalCents,
  });
}

/** Back to an empty form: reloads the page without JavaScript, resets in place with it. */
function TryAgain({ onClick, className, label = 'Try Again' }: { onClick: () => void; className: string; label?: string }) {
  return (
    <form action="/track-order">
      <InPlaceSubmit onSubmitInPlace={onClick} className={className}>
        {label}
      </InPlaceSubmit>
    </form>
  );
}
