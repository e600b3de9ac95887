import type { Queryable } from '../../db/database.ts';
import type { FoldableEvent, RecordedEvent } from '../../eventstore/event-store.ts';
import { CART_EVENT_TYPES, CART_STREAM_PREFIX, type CartEvent, cartIdOfStream, isCartEvent } from '../../api/cart/cart.events.ts';
import { type CartLine, assertNever, evolve } from '../../api/cart/cart.decider.ts';
import { type Projection, type Rebuild, chunks } from '../projection.ts';

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

interface FoldedCart {
  version: number;
  position: number;
  createdAt: string;
  updatedAt: string;
  lines: CartLine[];
  addedAt: Map<string, string>;
}

const CART_ID = `substr(a.stream_id, ${CART_STREAM_PREFIX.length + 1})::uuid`;
const CART_TYPES = CART_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

export const cartsProjection: Projection = {
  name: 'carts',
  version: 1,
  eventTypes: CART_EVENT_TYPES,
  tables: ['cart_lines', 'carts'],
  appendCtes: [
    `insert into carts (cart_id, version, position, created_at, updated_at)
     select ${CART_ID}, a.version, a.position, (a.data->>'at')::timestamptz, (a.data->>'at')::timestamptz
     from appended a where a.type in (${CART_TYPES})
     on conflict (cart_id) do update
       set version = excluded.version, position = excluded.position, updated_at = excluded.updated_at
       where carts.version < excluded.version`,
    `insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
     select (a.data->>'lineId')::uuid, ${CART_ID}, (a.data->>'productId')::int, (a.data->>'variantId')::int,
            (a.data->>'quantity')::int, (a.data->>'at')::timestamptz
     from appended a where a.type = 'ItemAdded'
     on conflict (line_id) do nothing`,
    `update cart_lines l set quantity = (a.data->>'quantity')::int
     from appended a where a.type = 'QuantityChanged' and l.line_id = (a.data->>'lineId')::uuid`,
    `delete from cart_lines l using appended a where a.type = 'ItemRemoved' and l.line_id = (a.data->>'lineId')::uuid`,
    `delete from cart_lines l using appended a where a.type = 'CartCleared' and l.cart_id = ${CART_ID}`,
  ],

  async applyInline(tx, events) {
    for (const event of events) {
      if (!isCartEvent(event)) continue;
      const { sql, params } = inlineStatement(event as RecordedEvent & CartEvent);
      await tx.query(sql, params);
    }
  },

  createRebuild(): Rebuild {
    const carts = new Map<string, FoldedCart>();
    return {
      fold(events) {
        for (const event of events) {
          if (!isCartEvent(event)) continue;
          const cartEvent = event as FoldableEvent & CartEvent;
          const cartId = cartIdOfStream(event.streamId);
          let cart = carts.get(cartId);
          if (!cart) {
            cart = { version: 0, position: 0, createdAt: cartEvent.data.at, updatedAt: cartEvent.data.at, lines: [], addedAt: new Map() };
            carts.set(cartId, cart);
          }
          if (event.version <= cart.version) continue;
          cart.lines = evolve({ lines: cart.lines }, cartEvent).lines;
          if (cartEvent.type === 'ItemAdded') cart.addedAt.set(cartEvent.data.lineId, cartEvent.data.at);
          cart.version = event.version;
          cart.position = event.position;
          cart.updatedAt = cartEvent.data.at;
        }
      },
      async write(tx) {
        for (const chunk of chunks([...carts.entries()])) {
          await tx.query(
            `insert into carts (cart_id, version, position, created_at, updated_at)
             select * from unnest($1::uuid[], $2::int[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])`,
            [chunk.map(([id]) => id), chunk.map(([, c]) => c.version), chunk.map(([, c]) => c.position), chunk.map(([, c]) => c.createdAt), chunk.map(([, c]) => c.updatedAt)],
          );
        }
        const lines = [...carts.entries()].flatMap(([cartId, c]) => c.lines.map((l) => ({ cartId, addedAt: c.addedAt.get(l.lineId) ?? c.createdAt, ...l })));
        for (const chunk of chunks(lines)) {
          await tx.query(
            `insert into cart_lines (line_id, cart_id, product_id, variant_id, quantity, added_at)
             select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::timestamptz[])`,
            [chunk.map((l) => l.lineId), chunk.map((l) => l.cartId), chunk.map((l) => l.productId), chunk.map((l) => l.variantId), chunk.map((l) => l.quantity), chunk.map((l) => l.addedAt)],
          );
        }
      },
    };
  },
};

