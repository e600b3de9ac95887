import type { Queryable } from '../../db/database.ts';
import type { FoldableEvent, RecordedEvent } from '../../eventstore/event-store.ts';
import { CART_EVENT_TYPES, CART_STREAM_PREFIX, type CartEvent, cartIdOfStream, isCartEvent } from '../../api/cart/cart.events.ts';
import { type CartLine, assertNever } from '../../api/cart/cart.decider.ts';
import { type Projection, type Rebuild, arrayLiteral } from '../projection.ts';

/**
 * The first CTE of every inline statement: records that this cart has applied `version`, and yields
 * a row only if it had not before. The statement's write joins it, so applying an event twice is a
 * no-op.
 */
const BUMP = `with bump as (
  insert into carts (cart_id, version, position, created_at, updated_at)
  values ($1::uuid, $2::int, $3::bigint, $4::timestamptz, $4::timestamptz)
  on conflict (cart_id) do update
    set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at
    where carts.version < excluded.version
  returning cart_id
)`;

function inlineStatement(event: RecordedEvent & CartEvent): { sql: string; params: unknown[] } {
  const head = [cartIdOfStream(event.streamId), event.version, event.position, event.data.at];
  switch (event.type) {
    case 'ItemAdded': {
      const d = event.data;
      return {
        sql: `${BUMP} insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
              select $5::uuid, cart_id, $6::int, $7::int, $8::int, $4::timestamptz from bump
              on conflict (line_id) do nothing`,
        params: [...head, d.lineId, d.productId, d.variantId, d.quantity],
      };
    }
    case 'QuantityChanged':
      return {
        sql: `${BUMP} update cart_lines set quantity = $6::int from bump where cart_lines.line_id = $5::uuid`,
        params: [...head, event.data.lineId, event.data.quantity],
      };
    case 'ItemRemoved':
      return { sql: `${BUMP} delete from cart_lines using bump where cart_lines.line_id = $5::uuid`, params: [...head, event.data.lineId] };
    case 'CartCleared':
      return { sql: `${BUMP} delete from cart_lines using bump where cart_lines.cart_id = bump.cart_id`, params: head };
    default:
      return assertNever(event);
  }
}

interface FoldedLine extends CartLine {
  addedAt: string;
}

interface FoldedCart {
  version: number;
  position: number;
  createdAt: string;
  updatedAt: string;
  /** In the order added; changed in place (a replay folds millions of events: no copy per event). */
  lines: FoldedLine[];
}

/**
 * `evolve` (api/cart/cart.decider.ts) applied in place, keeping each line's addedAt: the same
 * transitions without allocating a new state per event.
 */
function foldInto(cart: FoldedCart, event: CartEvent): void {
  switch (event.type) {
    case 'ItemAdded': {
      const { lineId, productId, variantId, quantity, at } = event.data;
      // As the inline insert's `on conflict (line_id) do nothing`: a line is added once.
      if (!cart.lines.some((l) => l.lineId === lineId)) cart.lines.push({ lineId, productId, variantId, quantity, addedAt: at });
      return;
    }
    case 'QuantityChanged': {
      for (const line of cart.lines) if (line.lineId === event.data.lineId) line.quantity = event.data.quantity;
      return;
    }
    case 'ItemRemoved': {
      cart.lines = cart.lines.filter((l) => l.lineId !== event.data.lineId);
      return;
    }
    case 'CartCleared':
      cart.lines = [];
      return;
    default:
      assertNever(event);
  }
}

/** Rows per bulk insert: few round trips, bounded parameter arrays. */
const WRITE_CHUNK = 20_000;

const CART_ID = `substr(a.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid`;
const CART_TYPES = CART_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

export const cartsProjection: Projection = {
  name: 'carts',
  version: 1,
  eventTypes: CART_EVENT_TYPES,
  tables: ['carts', 'cart_lines'],
  appendCtes: [
    {
      types: CART_EVENT_TYPES,
      sql: `insert into carts (cart_id, version, position, created_at, updated_at)
     select ${CART_ID}, a.version, a.position, (a.data->>'at')::timestamptz, (a.data->>'at')::timestamptz
     from appended a where a.type in (${CART_TYPES})
     on conflict (cart_id) do update
       set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at
       where carts.version < excluded.version`,
    },
    {
      types: ['ItemAdded'],
      sql: `insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
     select (a.data->>'lineId')::uuid, ${CART_ID}, (a.data->>'productId')::int, (a.data->>'variantId')::int,
            (a.data->>'quantity')::int, (a.data->>'at')::timestamptz
     from appended a where a.type = 'ItemAdded'
     on conflict (line_id) do nothing`,
    },
    {
      types: ['QuantityChanged'],
      sql: `update cart_lines l set quantity = (a.data->>'quantity')::int
     from appended a where a.type = 'QuantityChanged' and l.line_id = (a.data->>'lineId')::uuid`,
    },
    {
      types: ['ItemRemoved'],
      sql: `delete from cart_lines l using appended a where a.type = 'ItemRemoved' and l.line_id = (a.data->>'lineId')::uuid`,
    },
    {
      types: ['CartCleared'],
      sql: `delete from cart_lines l using appended a where a.type = 'CartCleared' and l.cart_id = ${CART_ID}`,
    },
  ],

  async applyInline(tx, events) {
    for (const event of events) {
      if (!isCartEvent(event)) continue;
      const { sql, params } = inlineStatement(event as RecordedEvent & CartEvent);
      await tx.query(sql, params);
    }
  },

  createRebuild(): Rebuild {
    /** stream id → folded cart */
    const carts = new Map<string, FoldedCart>();
    return {
      fold(events) {
        for (const event of events) {
          if (!isCartEvent(event)) continue;
          const cartEvent = event as FoldableEvent & CartEvent;
          // Keyed by stream id: no substring per event (the cart id is cut out once, when writing).
          let cart = carts.get(event.streamId);
          if (!cart) {
            cart = { version: 0, position: 0, createdAt: cartEvent.data.at, updatedAt: cartEvent.data.at, lines: [] };
            carts.set(event.streamId, cart);
          }
          if (event.version <= cart.version) continue;
          foldInto(cart, cartEvent);
          cart.version = event.version;
          cart.position = event.position;
          cart.updatedAt = cartEvent.data.at;
        }
      },
      async write(tx) {
        // Column arrays filled in one pass per chunk; one `unnest` insert per chunk.
        let ids: string[] = [];
        let versions: number[] = [];
        let positions: number[] = [];
        let created: string[] = [];
        let updated: string[] = [];
        const flushCarts = async () => {
          if (ids.length === 0) return;
          await tx.query(
            `insert into carts (cart_id, version, position, created_at, updated_at)
             select * from unnest($1::uuid[], $2::int[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])`,
            [ids, versions, positions, created, updated].map(arrayLiteral),
          );
          ids = [];
          versions = [];
          positions = [];
          created = [];
          updated = [];
        };
        let lineIds: string[] = [];
        let lineCarts: string[] = [];
        let products: number[] = [];
        let variants: number[] = [];
        let quantities: number[] = [];
        let added: string[] = [];
        const flushLines = async () => {
          if (lineIds.length === 0) return;
          await tx.query(
            `insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
             select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::timestamptz[])`,
            [lineIds, lineCarts, products, variants, quantities, added].map(arrayLiteral),
          );
          lineIds = [];
          lineCarts = [];
          products = [];
          variants = [];
          quantities = [];
          added = [];
        };
        for (const [streamId, cart] of carts) {
          ids.push(cartIdOfStream(streamId));
          versions.push(cart.version);
          positions.push(cart.position);
          created.push(cart.createdAt);
          updated.push(cart.updatedAt);
          if (ids.length >= WRITE_CHUNK) await flushCarts();
        }
        await flushCarts();
        for (const [streamId, cart] of carts) {
          const cartId = cartIdOfStream(streamId);
          for (const line of cart.lines) {
            lineIds.push(line.lineId);
            lineCarts.push(cartId);
            products.push(line.productId);
            variants.push(line.variantId);
            quantities.push(line.quantity);
            added.push(line.addedAt);
          }
          if (lineIds.length >= WRITE_CHUNK) await flushLines();
        }
        await flushLines();
      },
    };
  },
};
