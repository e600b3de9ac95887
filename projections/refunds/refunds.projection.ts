import type { Projection } from '../../eventstore/projection.ts';

/**
 * order_refunds: one row per refund, on the day it was given: the owner's report counts refunds when
 * they are made, not on the day of the order. An order's refund is its stream's version, so applying a
 * set again is a no-op.
 */
export const refundsProjection: Projection = {
  name: 'refunds',
  version: 1,
  eventTypes: ['RefundIssued'],
  tables: ['order_refunds'],
  partitionKey: 'stream_id',
  steps: [
    {
      name: 'refunds_applied',
      sql: `insert into order_refunds (order_id, version, amount_cents, refunded_at, position)
        select (a.data->>'orderId')::uuid, a.version, (a.data->>'amountCents')::int, (a.data->>'at')::timestamptz, a.position
        from appended a
        where a.type = 'RefundIssued'
        on conflict (order_id, version) do nothing`,
    },
  ],
};
