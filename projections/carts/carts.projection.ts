import { CART_EVENT_TYPES, CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import type { Projection } from '../projection.ts';

const CART_ID = `substr(a.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid`;
const CART_TYPES = CART_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * carts (one row per cart: the last stream version applied, its position, first and last event
 * times) and cart_lines (the lines the cart holds now), over any set of cart events.
 *
 * A set folds as the decider's evolve does, one event after another: a line exists when it was
 * added and not removed since, nor cleared by a CartCleared of a later version; its quantity is the
 * last QuantityChanged's, else the added one. Lines already in the table predate every new event.
 */
export const cartsProjection: Projection = {
  name: 'carts',
  version: 1,
  eventTypes: CART_EVENT_TYPES,
  tables: ['carts', 'cart_lines'],
  steps: [
    {
      // Each cart's newest event wins, only if newer than the stored version; created_at is kept.
      // One sort serves both the window and DISTINCT ON (the first event's time is the last value in
      // newest-first order); stream ids sort bytewise (COLLATE "C": a third of the time of the
      // database's locale order, and any consistent order will do); times are parsed only for the
      // rows kept.
      name: 'carts_bumped',
      sql: `insert into carts (cart_id, version, position, created_at, updated_at)
        select substr(b.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid, b.version, b.position, b.created_at::timestamptz, b.updated_at::timestamptz
        from (
          select distinct on (a.stream_id collate "C") a.stream_id, a.version, a.position,
                 last_value(a.data->>'at') over (partition by a.stream_id collate "C" order by a.version desc
                                                rows between unbounded preceding and unbounded following) as created_at,
                 a.data->>'at' as updated_at
          from appended a where a.type in (${CART_TYPES})
          order by a.stream_id collate "C", a.version desc
        ) b
        on conflict (cart_id) do update
          set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at
          where carts.version < excluded.version`,
    },
    {
      // The events each cart has not applied yet (its carts row as it was before this statement),
      // each with the version of the cart's last CartCleared among them.
      name: 'carts_fresh',
      sql: `select a.stream_id, a.version, a.type, a.data,
               max(a.version) filter (where a.type = 'CartCleared') over (partition by a.stream_id collate "C") as cleared
        from appended a left join carts c on c.cart_id = ${CART_ID}
        where a.type in (${CART_TYPES}) and a.version > coalesce(c.version, 0)`,
    },
    {
      // Per line those events touch, what they leave: its ItemAdded (absent when the line is already
      // stored), the quantity of its latest add or change (max of [version, quantity] pairs), whether
      // it was removed, and the cart's last clear. Aggregates only, no joins: hashed in one pass.
      name: 'carts_line_states',
      sql: `select (f.data->>'lineId')::uuid as line_id, min(f.stream_id) as stream_id,
               max(f.version) filter (where f.type = 'ItemAdded') as added_version,
               max((f.data->>'productId')::int) filter (where f.type = 'ItemAdded') as product_id,
               max((f.data->>'variantId')::int) filter (where f.type = 'ItemAdded') as variant_id,
               max((f.data->>'at')::timestamptz) filter (where f.type = 'ItemAdded') as added_at,
               (max(array[f.version, (f.data->>'quantity')::int]) filter (where f.type in ('ItemAdded', 'QuantityChanged')))[2] as quantity,
               bool_or(f.type = 'ItemRemoved') as removed,
               max(f.cleared) as cleared
        from carts_fresh f where f.type <> 'CartCleared'
        group by 1`,
    },
    {
      // Stored lines predate every new event: a removal or any clear of their cart deletes them.
      // (`= any(array(...))`, not `in (...)`: two index scans rather than a scan of every line.)
      name: 'carts_lines_deleted',
      only: ['ItemRemoved', 'CartCleared'],
      sql: `delete from cart_lines l
        where l.line_id = any (array(select line_id from carts_line_states where removed))
           or l.cart_id = any (array(select substr(f.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid from carts_fresh f where f.type = 'CartCleared'))`,
    },
    {
      // Only lines the step above leaves alone: one statement must not change a row twice.
      name: 'carts_lines_changed',
      only: ['QuantityChanged'],
      sql: `update cart_lines l set quantity = s.quantity from carts_line_states s
        where l.line_id = s.line_id and s.added_version is null and not s.removed and s.cleared is null and s.quantity is not null`,
    },
    {
      // Lines added by these events that no later removal or clear took away.
      name: 'carts_lines_added',
      only: ['ItemAdded'],
      sql: `insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
        select s.line_id, substr(s.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid, s.product_id, s.variant_id, s.quantity, s.added_at
        from carts_line_states s
        where s.added_version is not null and not s.removed and (s.cleared is null or s.cleared < s.added_version)
        on conflict (line_id) do nothing`,
    },
  ],
};
