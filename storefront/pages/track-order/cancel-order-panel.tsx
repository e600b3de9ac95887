import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { InPlaceSubmit } from '../../components/in-place-submit.tsx';
import { btn } from '../../components/ui.ts';
import { NOTHING_SHIPS } from '../../../contracts/order-history.ts';

/** The number and address the shopper typed: a Cancel sends them back, as the lookup did. */
export interface Lookup {
  orderNumber: string;
  email: string;
}

/**
 * Cancel, for an order that has not shipped: a disclosure asks once more (cancelling cannot be undone,
 * unlike a cart's Undo), then a plain form posts the number and address the shopper typed. The same
 * with or without JavaScript; with it, the Cancel is sent in place.
 */
export function CancelOrderPanel({
  lookup,
  cancelling,
  onCancel,
}: {
  lookup: Lookup;
  cancelling: boolean;
  onCancel: () => void;
}) {
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
          <p className="text-sm text-ink-800">
            Cancelling cannot be undone. {NOTHING_SHIPS} Its items go back on the shelf.
          </p>
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
