import type { Queryable } from '../../db/database.ts';

/** An order as operators list it: no personal details (they stay sealed in the row). */
export interface ListedOrder {
  orderId: string;
  number: string;
  placedAt: Date;
  status: string;
  lines: number;
  items: number;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  promoCode: string | null;
  shippingMethod: string;
}

interface Row {
  order_id: string;
  number: string;
  placed_at: Date | string;
  status: string;
  lines: number;
  items: number;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  promo_code: string | null;
  shipping_method: string;
}

/** How many orders `ordersSince` will yield. */
export async function countOrdersSince(db: Queryable, since: Date | undefined): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders where $1::timestamptz is null or placed_at >= $1', [since ?? null]);
  return rows[0]?.n ?? 0;
}

/** Orders placed at or after `since`, oldest first, in keyset batches (placed_at, order_id): constant memory. */
export async function* ordersSince(db: Queryable, since: Date | undefined, batchSize = 1_000): AsyncGenerator<ListedOrder[]> {
  let after: { placedAt: Date; orderId: string } | undefined;
  for (;;) {
    const { rows } = await db.query<Row>(
      `select order_id, number, placed_at, status, jsonb_array_length(lines) as lines,
              (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(lines) l)::int as items,
              subtotal_cents, shipping_cents, discount_cents, total_cents, promo_code, shipping_method
       from orders
       where ($1::timestamptz is null or placed_at >= $1)
         and ($2::timestamptz is null or (placed_at, order_id) > ($2, $3::uuid))
       order by placed_at, order_id
       limit $4`,
      [since ?? null, after?.placedAt ?? null, after?.orderId ?? null, batchSize],
    );
    if (rows.length === 0) return;
    const batch = rows.map((r) => ({
      orderId: r.order_id,
      number: r.number,
      placedAt: new Date(r.placed_at),
      status: r.status,
      lines: Number(r.lines),
      items: Number(r.items),
      subtotalCents: r.subtotal_cents,
      shippingCents: r.shipping_cents,
      discountCents: r.discount_cents,
      totalCents: r.total_cents,
      promoCode: r.promo_code,
      shippingMethod: r.shipping_method,
    }));
    yield batch;
    const last = batch[batch.length - 1]!;
    after = { placedAt: last.placedAt, orderId: last.orderId };
    if (rows.length < batchSize) return;
  }
}

/** The order with this number, whoever placed it (operators only). */
export async function orderIdByNumber(db: Queryable, number: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>('select order_id from orders where number = $1', [number]);
  return rows[0]?.order_id;
}
