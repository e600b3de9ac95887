import type { CheckoutFormValues } from '../../../contracts/checkout.ts';
import { placedOrderOf, type PlacedOrder } from '../../../contracts/checkout.ts';
import { decimalToCents } from '../../../contracts/money-format.ts';
import { OrderView } from '../../../contracts/orders.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { etagOf } from '../../../contracts/cart-etag.ts';

/**
 * Places the session's cart as an order (POST /api/orders, with an Idempotency-Key: a resend after
 * a dropped answer gets the same order). Throws the API's refusal (ApiRequestError) as it came.
 */
export async function submitOrder(values: CheckoutFormValues, cartVersion: number | null): Promise<PlacedOrder> {
  // The cart this page showed, or no order (412): one changed in another tab is not ordered unseen.
  const headers = cartVersion === null ? undefined : { 'if-match': etagOf(cartVersion) };
  const order = await apiFetch('/api/orders', OrderView, {
    method: 'POST',
    body: JSON.stringify(values),
    ...(headers ? { headers } : {}),
  });
  return placedOrderOf(
    { number: order.number, placedAt: order.placedAt, totalCents: decimalToCents(order.total) },
    values.email,
  );
}
