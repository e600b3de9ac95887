import type { TrackResult } from '../../../contracts/order-tracking.ts';
import { trackedOrderOf } from '../../../contracts/order-tracking.ts';
import { OrderView } from '../../../contracts/orders.ts';
import { ApiRequestError, apiFetch } from '../../lib/api-fetch.ts';

/** Asks the shop for the order (GET /api/orders/{number}?email=): found, or not found (404); other failures throw. */
export async function findOrder(orderNumber: string, email: string): Promise<TrackResult> {
  try {
    const order = await apiFetch(`/api/orders/${encodeURIComponent(orderNumber.trim())}?email=${encodeURIComponent(email.trim())}`, OrderView);
    return { kind: 'found', order: trackedOrderOf(order) };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return { kind: 'not-found' };
    throw error;
  }
}
