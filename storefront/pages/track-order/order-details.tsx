import { decimalToCents, formatMoney } from '../../../contracts/money-format.ts';
import {
  lineQuantityPrice,
  lineTotal,
  orderTotalsRows,
  totalRow,
  type TotalsRow,
} from '../../../contracts/order-presentation.ts';
import { shopperCanCancel, type TrackedOrder } from '../../../contracts/order-tracking.ts';
import { btn } from '../../components/ui.ts';
import { focusOnMount } from '../../lib/focus-on-mount.ts';
import { statusBadgeClass } from '../../lib/order-status-badge.ts';
import { CancelNoteText, type CancelNote } from './cancel-note.tsx';
import { CancelOrderPanel, type Lookup } from './cancel-order-panel.tsx';
import { History } from './history-list.tsx';
import { TryAgain } from './try-again.tsx';

interface OrderDetailsProps {
  order: TrackedOrder;
  /** The number and address the shopper typed: a Cancel sends them back, as the lookup did. */
  lookup: Lookup;
  cancelNote: CancelNote | null;
  cancelling: boolean;
  onCancel: () => void;
  onTryAgain: () => void;
}

/** A found order: its status, items and totals, shipping, history, a Cancel while it may, and Track another order. */
export function OrderDetails({ order, lookup, cancelNote, cancelling, onCancel, onTryAgain }: OrderDetailsProps) {
  return (
    // Not a live region: focus moves to its heading (a lookup) or to the Cancel's note (its outcome),
    // so what changed is what is read, never the whole order again.
    <section aria-labelledby="order-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2
            id="order-heading"
            ref={focusOnMount}
            tabIndex={-1}
            className="font-display text-2xl font-black text-ink-900 focus:outline-none"
          >
            Order {order.number}
          </h2>
          <p className="mt-1 text-sm text-ink-600">Placed on {order.date}</p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${statusBadgeClass(order.status)}`}
          data-testid="order-status"
        >
          {order.statusLabel}
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
            <li
              key={row.label}
              className="flex justify-between gap-4 px-4 py-3 text-sm text-ink-700"
              data-testid={row.label === 'Shipping' ? 'tracked-shipping' : undefined}
            >
              <span>{row.label}</span>
              <span className="font-semibold text-ink-900">{row.value}</span>
            </li>
          ),
        )}
        {order.refunded && (
          <li
            className="flex justify-between gap-4 px-4 py-3 text-sm font-semibold text-brand-800"
            data-testid="tracked-refunded"
          >
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

      {shopperCanCancel(order) && <CancelOrderPanel lookup={lookup} cancelling={cancelling} onCancel={onCancel} />}

      <TryAgain onClick={onTryAgain} className={`${btn.secondary} mt-8`} label="Track another order" />
    </section>
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
