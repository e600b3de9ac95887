import type { Queryable } from '../../db/database.ts';
import { foldCart } from '../../domain/cart/cart.decider.ts';
import type { CartEvent } from '../../domain/cart/cart.events.ts';

/** A `carts` row, its times as ISO strings in UTC. */
export interface CartRow {
  cartId: string;
  version: number;
  position: number;
  createdAt: string;
  updatedAt: string;
  lines: Array<{ lineId: string; productId: number; variantId: number; quantity: number; addedAt: string }>;
}

/** A cart event as the log recorded it: the event, its stream version and its position. */
export interface RecordedCartEvent {
  event: CartEvent;
  version: number;
  position: number;
}

/**
 * The row a cart's events must leave in `carts`: the lines are `evolve`'s state (the fold that answers a
 * write), each with the time of the ItemAdded that made it; the rest is the row's bookkeeping: the last
 * event's version and position, the first and the last event's time (in stream order).
 */
export function cartRowOf(cartId: string, recorded: readonly RecordedCartEvent[]): CartRow | undefined {
  const inOrder = [...recorded].sort((a, b) => a.version - b.version);
  const first = inOrder[0];
  const last = inOrder[inOrder.length - 1];
  if (!first || !last) return undefined;
  const addedAt = new Map<string, string>();
  for (const { event } of inOrder) if (event.type === 'ItemAdded') addedAt.set(event.data.lineId, event.data.at);
  return {
    cartId,
    version: last.version,
    position: last.position,
    createdAt: first.event.data.at,
    updatedAt: last.event.data.at,
    lines: foldCart(inOrder.map((r) => r.event)).lines.map((line) => ({
      ...line,
      addedAt: addedAt.get(line.lineId) ?? 'no ItemAdded',
    })),
  };
}

interface StoredCart {
  cart_id: string;
  version: number;
  position: string | number;
  created_at: Date | string;
  updated_at: Date | string;
  lines: CartRow['lines'];
}

/** The `carts` rows of these carts, by cart id. */
export async function cartRows(db: Queryable, cartIds: readonly string[]): Promise<Map<string, CartRow>> {
  const { rows } = await db.query<StoredCart>(
    'select cart_id::text, version, position, created_at, updated_at, lines from carts where cart_id = any($1::uuid[])',
    [cartIds],
  );
  return new Map(
    rows.map((r) => [
      r.cart_id,
      {
        cartId: r.cart_id,
        version: r.version,
        position: Number(r.position),
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
        lines: r.lines.map((l) => ({
          lineId: l.lineId,
          productId: l.productId,
          variantId: l.variantId,
          quantity: l.quantity,
          addedAt: l.addedAt,
        })),
      },
    ]),
  );
}
