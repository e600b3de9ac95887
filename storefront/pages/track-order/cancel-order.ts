import { OrderView } from '../../../contracts/orders.ts';
import { trackedOrderOf, type TrackedOrder } from '../../../contracts/order-tracking.ts';
import { ApiRequestError, apiFetch } from '../../lib/api-fetch.ts';
import { findOrder } from './find-order.ts';

/** How a shopper's Cancel ended: the order cancelled, refused with the shop's reason (and the order as it is now), or no such order. */
export type CancelOutcome =
  | { kind: 'cancelled'; order: TrackedOrder }
  | { kind: 'refused'; message: string; order?: TrackedOrder }
  | { kind: 'not-found' };

/**
 * Cancels the shopper's order as the plain form does (POST /api/orders/{number}/cancel, proven by the
 * address it was placed with): the order as it is after. A refusal (it shipped meanwhile) comes back
 * with the shop's words and the order looked up again; any other failure throws.
 */
export async function cancelOrder(number: string, email: string): Promise<CancelOutcome> {
  try {
    const view = await apiFetch(`/api/orders/${encodeURIComponent(number)}/cancel`, OrderView, {
      method: 'POST',
      body: JSON.stringify({ email }),
    });
    return { kind: 'cancelled', order: trackedOrderOf(view) };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404) return { kind: 'not-found' };
    if (error.status !== 409 || !error.apiMessage) throw error;
    const now = await findOrder(number, email).catch(() => undefined);
    return { kind: 'refused', message: error.apiMessage, ...(now?.kind === 'found' ? { order: now.order } : {}) };
  }
}
