import { STOCK_EVENT_TYPES } from '../../domain/stock/stock.events.ts';
import type { Projection } from '../projection.ts';

/** The check that refuses stock below zero (migration 0014): its violation means "not enough left". */
export const STOCK_CHECK = 'stock_levels_never_below_zero';

/**
 * stock_levels: per variant, the counted level and the sums of what was received and ordered, with
 * the last position applied. A variant's row is made by its first movement, its counted level taken
 * from the catalogue then. The movements of a set add up per variant; an event at or below the row's
 * position is already counted and skipped. The row's check fails the whole statement (the order's
 * append included) when a variant would go below zero: that is how stock cannot be oversold, even by
 * two instances at once (the second waits on the row and re-checks against the first's sums).
 */
export const stockProjection: Projection = {
  name: 'stock',
  version: 1,
  eventTypes: ['OrderPlaced', ...STOCK_EVENT_TYPES],
  tables: ['stock_levels'],
  steps: [
    {
      name: 'stock_moves',
      sql: `select (l.line->>'variantId')::int as variant_id, 0 as received, (l.line->>'quantity')::int as ordered, a.position
        from appended a cross join jsonb_array_elements(a.data->'lines') as l(line)
        where a.type = 'OrderPlaced'
        union all
        select (a.data->>'variantId')::int, (a.data->>'quantity')::int, 0, a.position
        from appended a where a.type = 'StockReceived'`,
    },
    {
      // The target is named (and locked for writing) before the subquery reads it.
      name: 'stock_moved',
      sql: `insert into stock_levels as s (variant_id, seeded, received, ordered, position)
        select m.variant_id, coalesce((select v.stock from variants v where v.id = m.variant_id), 0),
               sum(m.received)::int, sum(m.ordered)::int, max(m.position)
        from stock_moves m
        where m.position > coalesce((select x.position from stock_levels x where x.variant_id = m.variant_id), 0)
        group by m.variant_id
        on conflict (variant_id) do update
          set received = s.received + excluded.received, ordered = s.ordered + excluded.ordered, position = greatest(s.position, excluded.position)`,
    },
  ],
};
