import { CART_EVENT_TYPES, CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import type { Projection, ProjectionStep } from '../../eventstore/projection.ts';

const CART_TYPES = CART_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

/** The cart's id, from its stream's id. */
const cartUuid = (streamId: string) => `substr(${streamId}, ${CART_STREAM_PREFIX.length + 1})::uuid`;

/** A line as the row stores it, from the columns line_id, product_id, variant_id, quantity and at (its ItemAdded's) of `x`. */
const LINE = `jsonb_build_object('lineId', x.line_id, 'productId', x.product_id, 'variantId', x.variant_id, 'quantity', x.quantity, 'addedAt', x.at)`;

/** The upsert's target, and what a newer set of events changes in a stored row (an older or the same set: nothing). */
const UPSERT = 'insert into carts as c (cart_id, version, position, created_at, updated_at, lines)';
const onConflict = (lines: string) => `on conflict (cart_id) do update
          set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at, lines = ${lines}
          where c.version < excluded.version`;

/**
 * The cart events of the set with the fields the fold reads, parsed once. Reads only `appended`:
 * `carts` is first named by the write that follows. A line id stays text: the decider matches lines
 * by the id's string, and the fold needs no uuid, so no event pays for a cast (ADR 19).
 *
 * `cart_id` is the cart's uuid, which the steps that meet stored carts join on; or, for a fold that
 * meets none (`fold('all')`), the stream id itself, grouped bytewise and cast once per cart at the end
 * rather than once per event (ADR 20). A cart has one stream id, `cart-` and its uuid as the server
 * writes it, so both group the same events.
 */
const cartEvents = (cartId: 'uuid' | 'stream id'): ProjectionStep => ({
  name: 'carts_events',
  sql: `select ${cartId === 'uuid' ? cartUuid('a.stream_id') : 'a.stream_id collate "C"'} as cart_id, a.version, a.position, a.type,
             a.data->>'at' as at, a.data->>'lineId' as line_id, (a.data->>'productId')::int as product_id,
             (a.data->>'variantId')::int as variant_id, (a.data->>'quantity')::int as quantity
      from appended a where a.type in (${CART_TYPES})`,
});

/**
 * The fold of the set's fresh cart events into one row per cart: (cart_id, version, position,
 * created_at, updated_at, lines). Of `stored` carts, those that have a row (its events newer than the
 * row, its stored lines folded in as ItemAdded events of version 0 at their place in the array, so
 * any clear among the fresh events is later); of `new` ones, those that have none; or of `all`, for
 * a table known to hold none of them (a replay's build).
 *
 * line_states: one aggregate per (cart, line) over the fresh events and stored lines, a CartCleared
 * (or CartCheckedOut, which empties a cart the same way)
 * in its cart's group of no line: the line's add, its latest quantity (the largest version<<32 |
 * quantity), whether it was removed, and the group's last clear, last version and position and its
 * first and last time (min and max of the time prefixed with the version in fixed width). Then one
 * aggregate per cart over its groups, fed in the order the lines were added (added_version, place):
 * the aggregates take no ORDER BY (PostgreSQL 15 would sort every cart's few rows apart), so they
 * read that order from the sorted subquery, which a grouped aggregate keeps (a statement that writes
 * runs no parallel plan). The living lines are those added and not removed; a clear removes every
 * line added before it, a prefix of that order, cut off with jsonpath. No join of one computed set
 * with another (the planner cannot size them, and a nested loop made a replay quadratic).
 */
function fold(carts: 'stored' | 'new' | 'all'): string {
  const fresh = {
    stored: `select e.* from carts_events e join carts s on s.cart_id = e.cart_id where e.version > s.version`,
    new: `select e.* from carts_events e where not exists (select from carts s where s.cart_id = e.cart_id)`,
    all: `select e.* from carts_events e`,
  }[carts];
  const storedLines =
    carts === 'stored'
      ? `union all
            select s.cart_id, l.line->>'lineId', 0, null, l.place, 'ItemAdded', (l.line->>'productId')::int, (l.line->>'variantId')::int,
                   l.line->>'addedAt', (l.line->>'quantity')::int, null
            from (select distinct cart_id from fresh) t
            join carts s on s.cart_id = t.cart_id
            cross join jsonb_array_elements(s.lines) with ordinality as l(line, place)`
      : '';
  return `with fresh as not materialized (${fresh}),
        line_states as (
          select u.cart_id, u.line_id,
                 max(u.version) filter (where u.type = 'ItemAdded') as added_version,
                 max(u.place) as place,
                 max(u.product_id) filter (where u.type = 'ItemAdded') as product_id,
                 max(u.variant_id) filter (where u.type = 'ItemAdded') as variant_id,
                 max(u.at collate "C") filter (where u.type = 'ItemAdded') as at,
                 (max((u.version::bigint << 32) | u.quantity) filter (where u.type in ('ItemAdded', 'QuantityChanged')) & 4294967295)::int as quantity,
                 bool_or(u.type = 'ItemRemoved') as removed,
                 max(u.version) filter (where u.type in ('CartCleared', 'CartCheckedOut')) as cleared,
                 max(u.version) as version,
                 max(u.position) as position,
                 min(u.vat) as first_vat,
                 max(u.vat) as last_vat
          from (
            select f.cart_id, f.line_id, f.version, f.position, 0::bigint as place, f.type, f.product_id, f.variant_id, f.at, f.quantity,
                   (f.version + 10000000000)::text || f.at collate "C" as vat
            from fresh f
            ${storedLines}
          ) u
          group by u.cart_id, u.line_id
        )
        select ${carts === 'all' ? `${cartUuid('g.cart_id')} as cart_id` : 'g.cart_id'}, g.version, g.position, substr(g.first_vat, 12)::timestamptz as created_at, substr(g.last_vat, 12)::timestamptz as updated_at,
               case when g.lines is null then '[]'
                    when g.cleared is null then g.lines
                    else jsonb_path_query_array(g.lines, '$[$k to last]', jsonb_build_object('k', (select count(*) from unnest(g.added) v where v <= g.cleared)))
               end as lines
        from (
          select x.cart_id, max(x.version) as version, max(x.position) as position, min(x.first_vat) as first_vat, max(x.last_vat) as last_vat,
                 max(x.cleared) as cleared,
                 to_jsonb(array_agg(r) filter (where x.live)) as lines,
                 array_agg(x.added_version) filter (where x.live) as added
          from (
            select l.*, l.added_version is not null and not l.removed as live
            from line_states l
            order by l.cart_id, l.added_version, l.place
          ) x
          cross join lateral (select x.line_id as "lineId", x.product_id as "productId", x.variant_id as "variantId", x.quantity, x.at as "addedAt") r
          group by x.cart_id
        ) g`;
}

/** Inserts the folded rows of `carts` (see `fold`). */
const added = (carts: 'new' | 'all'): ProjectionStep => ({
  name: 'carts_added',
  sql: `insert into carts (cart_id, version, position, created_at, updated_at, lines)
        ${fold(carts)}`,
});

/**
 * carts: one row per cart holding the last stream version applied, its position, its first and last
 * event times, and its lines as one jsonb array ([{ lineId, productId, variantId, quantity, addedAt }]
 * in the order they were added), over any set of cart events. One row per cart rather than a row per
 * line: a cart change writes one row and its two index entries (docs/decisions/0015).
 *
 * A set folds as the decider's evolve does, one event after another: a line exists when it was
 * added and not removed since, nor cleared by a CartCleared of a later version; its quantity is the
 * last QuantityChanged's, else the added one. A cart's stored lines predate every new event of it.
 * Every step list here (the general steps, the adds' and the clears' shortcuts, the steps into empty tables) is held to
 * evolve by a property test over random sessions (tests/integration/projections/carts.fold.test.ts,
 * docs/decisions/0030); the shortcut and the steps into empty tables stay for their measured gains.
 */
export const cartsProjection: Projection = {
  name: 'carts',
  version: 1,
  eventTypes: CART_EVENT_TYPES,
  tables: ['carts'],
  partitionKey: 'stream_id',
  steps: [
    cartEvents('uuid'),
    // Stored carts are updated and new ones inserted, by two steps over the same snapshot: a plain
    // INSERT spares the database the speculative insertion of INSERT ... ON CONFLICT (ADR 19). The
    // UPDATE names `carts` first, for writing: the write-first lock order a replay's fence relies on.
    // Two statements never insert the same new cart: appends to one stream are serialized by the log's
    // unique (stream_id, version), and a replay's shares own disjoint carts.
    {
      name: 'carts_changed',
      sql: `update carts c set version = f.version, position = f.position, updated_at = f.updated_at, lines = f.lines
        from (${fold('stored')}) f
        where c.cart_id = f.cart_id and c.version < f.version`,
    },
    added('new'),
  ],
  // Into an empty table: no stored cart to update or to keep out, and `carts_events`, read once, is
  // not written out to be read twice.
  stepsIntoEmpty: [cartEvents('stream id'), added('all')],
  shortcuts: [
    {
      // Only clears and checkouts (an order empties its cart): each cart ends empty at its last
      // event; no line is read back, folded or sorted.
      types: ['CartCleared', 'CartCheckedOut'],
      steps: [
        cartEvents('uuid'),
        {
          name: 'carts_applied',
          sql: `${UPSERT}
            select x.cart_id, max(x.version), max(x.position), (array_agg(x.at order by x.version))[1]::timestamptz,
                   (array_agg(x.at order by x.version desc))[1]::timestamptz, '[]'::jsonb
            from carts_events x
            group by x.cart_id
            ${onConflict(`'[]'::jsonb`)}`,
        },
      ],
    },
    {
      // Only adds (nearly every append: a shopper's add is one ItemAdded): the lines they bring are
      // appended to the stored ones, in version order; no line is read back, grouped or sorted.
      types: ['ItemAdded'],
      steps: [
        cartEvents('uuid'),
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
