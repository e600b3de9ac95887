import { STOCK_EVENT_TYPES } from '../../domain/stock/stock.events.ts';
import type { Projection } from '../../eventstore/projection.ts';

/** The check that refuses stock below zero (migration 0014): its violation means "not enough left". */
export const STOCK_CHECK = 'stock_levels_never_below_zero';

/**
 * stock_levels: per variant, the counted level and the sums of what was received, ordered and given
 * back (a cancelled order's units, restocked returns), with
 * the last position applied. A variant's row is made by its first movement, its counted level taken
 * from the catalogue then. The movements of a set add up per variant; an event at or below the row's
 * position is already counted and skipped. The row's check fails the whole statement (the order's
 * append included) when a variant would go below zero: that is how stock cannot be oversold, even by
 * two instances at once (the second waits on the row and re-checks against the first's sums).
 */
export const stockProjection: Projection = {
  name: 'stock',
  version: 2,
  eventTypes: ['OrderPlaced', 'OrderCancelled', 'ReturnReceived', ...STOCK_EVENT_TYPES],
  tables: ['stock_levels'],
  steps: [
    {
      name: 'stock_moves',
      sql: `select (l.line->>'variantId')::int as variant_id, 0 as received, (l.line->>'quantity')::int as ordered, 0 as returned, a.position
        from appended a cross join jsonb_array_elements(a.data->'lines') as l(line)
        where a.type = 'OrderPlaced'
        union all
        select (l.line->>'variantId')::int, 0, 0, (l.line->>'quantity')::int, a.position
        from appended a cross join jsonb_array_elements(a.data->'lines') as l(line)
        where a.type = 'OrderCancelled' or (a.type = 'ReturnReceived' and (a.data->>'restock')::boolean)
        union all
        select (a.data->>'variantId')::int, (a.data->>'quantity')::int, 0, 0, a.position
        from appended a where a.type = 'StockReceived'`,
    },
    {
      // The moved variants' rows locked in id order before any is changed: two orders that take the
      // same variants (listed in any order, with others) queue one behind the other, never deadlock.
      name: 'stock_locked',
      sql: `select x.variant_id from stock_levels x where x.variant_id in (select variant_id from stock_moves) order by x.variant_id for update`,
    },
    {
      // A variant with a row: its sums grow in place, and the check judges the row they make. (An upsert
      // would not do: PostgreSQL checks the row it proposes to insert before it finds the conflict, so
      // an order for more than the counted level would fail even with enough received since.)
      name: 'stock_moved',
      sql: `update stock_levels s
        set received = s.received + m.received, ordered = s.ordered + m.ordered, returned = s.returned + m.returned, position = greatest(s.position, m.position)
        from (select mv.variant_id, sum(mv.received)::int as received, sum(mv.ordered)::int as ordered, sum(mv.returned)::int as returned, max(mv.position) as position
              from stock_moves mv join stock_locked lk on lk.variant_id = mv.variant_id join stock_levels x on x.variant_id = mv.variant_id
              where mv.position > x.position
              group by mv.variant_id) m
        where s.variant_id = m.variant_id`,
    },
    {
      // A variant's first movement makes its row, the counted level taken from the catalogue then. One
      // made meanwhile by another transaction meets the conflict clause; should the proposed row fail
      // the check there, the order reads again and takes the update above. Rows go in in id order, as
      // the lock above takes them: two first orders of the same variants wait on each other, never deadlock.
      name: 'stock_first_moved',
      sql: `insert into stock_levels as s (variant_id, seeded, received, ordered, returned, position)
        select m.variant_id, coalesce((select v.stock from variants v where v.id = m.variant_id), 0),
               sum(m.received)::int, sum(m.ordered)::int, sum(m.returned)::int, max(m.position)
        from stock_moves m
        where not exists (select 1 from stock_levels x where x.variant_id = m.variant_id)
        group by m.variant_id
        order by m.variant_id
        on conflict (variant_id) do update
          set received = s.received + excluded.received, ordered = s.ordered + excluded.ordered, returned = s.returned + excluded.returned,
              position = greatest(s.position, excluded.position)`,
    },
  ],
};
