import { CART_EVENT_TYPES, CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import type { Projection } from '../projection.ts';

const CART_TYPES = CART_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

/** A line as the row stores it, from the columns line_id, product_id, variant_id, quantity and at (its ItemAdded's) of `x`. */
const LINE = `jsonb_build_object('lineId', x.line_id, 'productId', x.product_id, 'variantId', x.variant_id, 'quantity', x.quantity, 'addedAt', x.at)`;

/** The upsert's target, and what a newer set of events changes in a stored row (an older or the same set: nothing). */
const UPSERT = 'insert into carts as c (cart_id, version, position, created_at, updated_at, lines)';
const onConflict = (lines: string) => `on conflict (cart_id) do update
          set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at, lines = ${lines}
          where c.version < excluded.version`;

/**
 * The cart events of the set with the fields the fold reads, parsed once. Reads only `appended`:
 * `carts` is first named by the write that follows.
 */
const cartEvents = {
  name: 'carts_events',
  sql: `select substr(a.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid as cart_id, a.version, a.position, a.type,
             a.data->>'at' as at, (a.data->>'lineId')::uuid as line_id, (a.data->>'productId')::int as product_id,
             (a.data->>'variantId')::int as variant_id, (a.data->>'quantity')::int as quantity
      from appended a where a.type in (${CART_TYPES})`,
};

/**
 * carts: one row per cart holding the last stream version applied, its position, its first and last
 * event times, and its lines as one jsonb array ([{ lineId, productId, variantId, quantity, addedAt }]
 * in the order they were added), over any set of cart events. One row per cart rather than a row per
 * line: a cart change writes one row and its two index entries (docs/decisions/0015).
 *
 * A set folds as the decider's evolve does, one event after another: a line exists when it was
 * added and not removed since, nor cleared by a CartCleared of a later version; its quantity is the
 * last QuantityChanged's, else the added one. A cart's stored lines predate every new event of it.
 */
export const cartsProjection: Projection = {
  name: 'carts',
  version: 1,
  eventTypes: CART_EVENT_TYPES,
  tables: ['carts'],
  partitionKey: 'stream_id',
  steps: [
    cartEvents,
    {
      // One upsert per touched cart. An INSERT locks its target before it reads the SELECT's tables,
      // so reading `carts` inside it keeps the write-first lock order a replay's fence relies on.
      //
      // fresh: the events a cart has not applied yet (its row as it was before this statement), each
      // with what its cart's share of them says: the version of its last CartCleared, the first and
      // the last event's time (one sort per cart). line_states: per line they touch, its stored
      // state (as an ItemAdded of version 0 at its place in the array, so any clear among them is
      // later) and the fresh events, folded by aggregates: its add, its latest quantity (max of
      // [version, quantity] pairs), whether it was removed, the cart's last clear. Then per cart,
      // one aggregate over its fresh events and its living lines, in the order they were added: no
      // join of one computed set with another (the planner cannot size them, and a nested loop made
      // a replay quadratic).
      name: 'carts_applied',
      sql: `${UPSERT}
        with fresh as (
          select e.*,
                 max(e.version) filter (where e.type = 'CartCleared') over cart as cleared,
                 first_value(e.at) over cart as first_at, last_value(e.at) over cart as last_at
          from carts_events e left join carts s on s.cart_id = e.cart_id
          where e.version > coalesce(s.version, 0)
          window cart as (partition by e.cart_id order by e.version rows between unbounded preceding and unbounded following)
        ),
        line_states as (
          select u.cart_id, u.line_id,
                 max(u.version) filter (where u.type = 'ItemAdded') as added_version,
                 max(u.place) as place,
                 max(u.product_id) filter (where u.type = 'ItemAdded') as product_id,
                 max(u.variant_id) filter (where u.type = 'ItemAdded') as variant_id,
                 max(u.at) filter (where u.type = 'ItemAdded') as at,
                 (max(array[u.version, u.quantity]) filter (where u.type in ('ItemAdded', 'QuantityChanged')))[2] as quantity,
                 bool_or(u.type = 'ItemRemoved') as removed,
                 max(u.cleared) as cleared
          from (
            select f.cart_id, f.line_id, f.version, 0 as place, f.type, f.product_id, f.variant_id, f.at, f.quantity, f.cleared
            from fresh f where f.type <> 'CartCleared'
            union all
            select s.cart_id, (l.line->>'lineId')::uuid, 0, l.place, 'ItemAdded', (l.line->>'productId')::int, (l.line->>'variantId')::int,
                   l.line->>'addedAt', (l.line->>'quantity')::int, t.cleared
            from (select distinct cart_id, cleared from fresh) t
            join carts s on s.cart_id = t.cart_id
            cross join jsonb_array_elements(s.lines) with ordinality as l(line, place)
          ) u
          group by u.cart_id, u.line_id
        )
        select x.cart_id, max(x.version), max(x.position), max(x.first_at)::timestamptz, max(x.last_at)::timestamptz,
               coalesce(jsonb_agg(${LINE} order by x.added_version, x.place) filter (where x.line_id is not null), '[]')
        from (
          select f.cart_id, f.version, f.position, f.first_at, f.last_at,
                 null::uuid as line_id, null::int as added_version, null::bigint as place, null::int as product_id, null::int as variant_id, null::int as quantity, null as at
          from fresh f
          union all
          select l.cart_id, null, null, null, null, l.line_id, l.added_version, l.place, l.product_id, l.variant_id, l.quantity, l.at
          from line_states l
          where l.added_version is not null and not l.removed and (l.cleared is null or l.cleared < l.added_version)
        ) x
        group by x.cart_id
        ${onConflict('excluded.lines')}`,
    },
  ],
  shortcuts: [
    {
      // Only adds (nearly every append: a shopper's add is one ItemAdded): the lines they bring are
      // appended to the stored ones, in version order; no line is read back, grouped or sorted.
      types: ['ItemAdded'],
      steps: [
        cartEvents,
        {
          name: 'carts_applied',
          sql: `${UPSERT}
            select x.cart_id, max(x.version), max(x.position), (array_agg(x.at order by x.version))[1]::timestamptz,
                   (array_agg(x.at order by x.version desc))[1]::timestamptz, jsonb_agg(${LINE} order by x.version)
            from carts_events x
            group by x.cart_id
            ${onConflict(`c.lines || (select jsonb_agg(${LINE} order by x.version) from carts_events x where x.cart_id = c.cart_id and x.version > c.version)`)}`,
        },
      ],
    },
  ],
};
