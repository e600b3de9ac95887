import { CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import type { Projection } from '../../eventstore/projection.ts';

/**
 * cart_removals: one row per line taken out of a cart (an ItemRemoved, or a quantity set to 0, which
 * records one), naming its product and variant: what the owner's report counts as "taken out".
 *
 * A removal names its product itself; one recorded before removals did (schemaVersion 1 without a
 * productId) takes it from its line's ItemAdded in the same set: such removals are only ever applied
 * by a replay, whose set is the whole log. A line is removed at most once, so its key makes applying a
 * set again a no-op. Cart adds, nearly every append, do not run these steps.
 */
export const cartRemovalsProjection: Projection = {
  name: 'cart_removals',
  version: 1,
  eventTypes: ['ItemRemoved'],
  tables: ['cart_removals'],
  partitionKey: 'stream_id',
  steps: [
    {
      name: 'cart_removals_applied',
      sql: `insert into cart_removals (cart_id, line_id, product_id, variant_id, removed_at, position)
        select substr(r.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid, r.data->>'lineId',
               coalesce((r.data->>'productId')::int, x.product_id), coalesce((r.data->>'variantId')::int, x.variant_id),
               (r.data->>'at')::timestamptz, r.position
        from appended r
        left join (
          select a.stream_id, a.data->>'lineId' as line_id, (a.data->>'productId')::int as product_id, (a.data->>'variantId')::int as variant_id
          from appended a where a.type = 'ItemAdded'
        ) x on r.data->>'productId' is null and x.stream_id = r.stream_id and x.line_id = r.data->>'lineId'
        where r.type = 'ItemRemoved' and coalesce((r.data->>'productId')::int, x.product_id) is not null
        on conflict (cart_id, line_id) do nothing`,
    },
  ],
};
