import { ORDER_EVENT_TYPES } from '../../domain/orders/order.events.ts';
import type { Projection, ProjectionStep } from '../projection.ts';

/** The unique index whose violation means "that order number is taken" (migration 0014). */
export const ORDER_NUMBER_INDEX = 'orders_number_unique';

const inserted = (onConflict: string): ProjectionStep => ({
  name: 'orders_placed',
  sql: `insert into orders (order_id, number, customer_id, placed_at, lines, subtotal_cents, shipping_cents, discount_cents, total_cents,
                            promo_code, shipping_method, personal, position)
    select (a.data->>'orderId')::uuid, a.data->>'number', a.data->>'customerId', (a.data->>'at')::timestamptz, a.data->'lines',
           (a.data->>'subtotalCents')::int, (a.data->>'shippingCents')::int, (a.data->>'discountCents')::int, (a.data->>'totalCents')::int,
           a.data->>'promoCode', a.data->>'shippingMethod', a.data->>'personal', a.position
    from appended a where a.type = 'OrderPlaced'
    ${onConflict}`,
});

/**
 * orders: one row per order, written once by its OrderPlaced (an order that is placed again is the
 * same row: nothing changes). A number that another order holds fails the statement on the unique
 * index, so an order never takes another's number.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  version: 1,
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders'],
  partitionKey: 'stream_id',
  steps: [inserted('on conflict (order_id) do nothing')],
  stepsIntoEmpty: [inserted('')],
};
