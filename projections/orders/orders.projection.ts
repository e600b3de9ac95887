import { ORDER_EVENT_TYPES } from '../../domain/orders/order.events.ts';
import type { Projection, ProjectionStep } from '../../eventstore/projection.ts';

/** The unique index whose violation means "that order number is taken" (migration 0014). */
export const ORDER_NUMBER_INDEX = 'orders_number_unique';

/** The events that move an order after it was placed. */
const MOVES = `('OrderShipped', 'OrderDelivered', 'OrderCancelled', 'ReturnReceived', 'RefundIssued')`;

/**
 * One event of `e` as its history entry (OrderHistoryEntry): its type and time, and what the shopper
 * is told of it: who cancelled, the shop's reason, the sum refunded, the units returned and of which variants.
 */
const historyEntry = (e: string) => `jsonb_strip_nulls(jsonb_build_object('type', ${e}.type, 'at', ${e}.data->>'at',
      'by', ${e}.data->>'by', 'reason', nullif(${e}.data->>'reason', ''), 'amountCents', (${e}.data->>'amountCents')::int,
      'units', case when ${e}.type = 'ReturnReceived' then (select sum((l->>'quantity')::int) from jsonb_array_elements(${e}.data->'lines') l) end,
      'lines', case when ${e}.type = 'ReturnReceived' then ${e}.data->'lines' end))`;

/**
 * Per order stream, its moves among `events` folded in version order: the status the latest
 * status-changing move left, the latest shipment, the sum refunded, the history and the last version.
 * The one place an order's moves are read: the placed orders and the moved ones both use it.
 */
const foldedMoves = (events: string) => `select e.stream_id, min(e.data->>'orderId')::uuid as order_id,
      (array_agg(case e.type when 'OrderShipped' then 'Shipped' when 'OrderDelivered' then 'Delivered' when 'OrderCancelled' then 'Cancelled' end order by e.version desc)
        filter (where e.type in ('OrderShipped', 'OrderDelivered', 'OrderCancelled')))[1] as status,
      (array_agg(jsonb_build_object('carrier', e.data->>'carrier', 'trackingNumber', e.data->>'trackingNumber', 'eta', e.data->'eta') order by e.version desc)
        filter (where e.type = 'OrderShipped'))[1] as shipping,
      coalesce(sum((e.data->>'amountCents')::int) filter (where e.type = 'RefundIssued'), 0)::int as refunded,
      jsonb_agg(${historyEntry('e')} order by e.version) as history,
      max(e.version) as version, max(e.position) as position
    from ${events} e
    group by e.stream_id`;

/** A placed order's row, with the moves of the same set already folded in (a replay's set holds them all). */
const placed = (onConflict: string): ProjectionStep => ({
  name: 'orders_placed',
  sql: `insert into orders (order_id, number, cart_id, customer_id, placed_at, lines, subtotal_cents, shipping_cents, discount_cents, total_cents,
                            promo_code, shipping_method, personal, status, shipping, refunded_cents, history, version, position)
    select (a.data->>'orderId')::uuid, a.data->>'number', (a.data->>'cartId')::uuid, a.data->>'customerId', (a.data->>'at')::timestamptz, a.data->'lines',
           (a.data->>'subtotalCents')::int, (a.data->>'shippingCents')::int, (a.data->>'discountCents')::int, (a.data->>'totalCents')::int,
           a.data->>'promoCode', a.data->>'shippingMethod', a.data->>'personal',
           coalesce(m.status, 'Processing'), m.shipping, coalesce(m.refunded, 0),
           jsonb_build_array(${historyEntry('a')}) || coalesce(m.history, '[]'),
           coalesce(m.version, a.version), greatest(a.position, m.position)
    from appended a
    left join (${foldedMoves(`(select * from appended where type in ${MOVES})`)}) m on m.stream_id = a.stream_id
    where a.type = 'OrderPlaced'
    ${onConflict}`,
});

/**
 * orders: one row per order. OrderPlaced writes it (placed again, nothing changes; a number another
 * order holds fails the statement on the unique index, so an order never takes another's number).
 * Its moves update it: those of a stream whose row was stored before the statement, past the row's
 * version, are folded and applied here; those in the same set as its OrderPlaced, above.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  version: 5,
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders'],
  partitionKey: 'stream_id',
  steps: [
    placed('on conflict (order_id) do nothing'),
    {
      name: 'orders_moved',
      sql: `update orders o
        set status = coalesce(m.status, o.status), shipping = coalesce(m.shipping, o.shipping), refunded_cents = o.refunded_cents + m.refunded,
            history = o.history || m.history, version = m.version, position = greatest(o.position, m.position)
        from (${foldedMoves(`(select a.* from appended a join orders x on x.order_id = (a.data->>'orderId')::uuid where a.type in ${MOVES} and a.version > x.version)`)}) m
        where o.order_id = m.order_id`,
    },
  ],
  stepsIntoEmpty: [placed('')],
};
