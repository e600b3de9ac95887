import type { Queryable } from '../../db/database.ts';

export interface CartLineRow {
  lineId: string;
  productId: number;
  variantId: number;
  quantity: number;
}

/** One cart's lines in the order they were added. */
export async function cartLines(db: Queryable, cartId: string): Promise<CartLineRow[]> {
  const { rows } = await db.query<{ line_id: string; product_id: number; variant_id: number; quantity: number }>(
    'select line_id, product_id, variant_id, quantity from cart_lines where cart_id = $1 order by added_at, line_id',
    [cartId],
    { prepare: true },
  );
  return rows.map((r) => ({ lineId: r.line_id, productId: r.product_id, variantId: r.variant_id, quantity: r.quantity }));
}

/** One cart's version (its last applied stream version; 0 when it has no events yet) and lines, in one round trip. */
export async function cartWithVersion(db: Queryable, cartId: string): Promise<{ version: number; lines: CartLineRow[] }> {
  const { rows } = await db.query<{ version: number | null; line_id: string | null; product_id: number; variant_id: number; quantity: number }>(
    `select c.version, l.line_id, l.product_id, l.variant_id, l.quantity
     from (select $1::uuid as cart_id) wanted
     left join carts c on c.cart_id = wanted.cart_id
     left join cart_lines l on l.cart_id = wanted.cart_id
     order by l.added_at, l.line_id`,
    [cartId],
    { prepare: true },
  );
  const lines = rows.flatMap((r) => (r.line_id ? [{ lineId: r.line_id, productId: r.product_id, variantId: r.variant_id, quantity: r.quantity }] : []));
  return { version: rows[0]?.version ?? 0, lines };
}

export interface CartSummaryRow {
  cartId: string;
  version: number;
  updatedAt: Date;
  lines: CartLineRow[];
}

/** The most recently changed carts with their lines (for support and the CLI). */
export async function recentCarts(db: Queryable, limit: number): Promise<CartSummaryRow[]> {
  const { rows } = await db.query<{ cart_id: string; version: number; updated_at: Date; lines: Array<{ line_id: string; product_id: number; variant_id: number; quantity: number }> | null }>(
    `select c.cart_id, c.version, c.updated_at,
            (select json_agg(json_build_object('line_id', l.line_id, 'product_id', l.product_id, 'variant_id', l.variant_id, 'quantity', l.quantity)
                             order by l.added_at, l.line_id)
               from cart_lines l where l.cart_id = c.cart_id) as lines
     from carts c order by c.updated_at desc, c.cart_id limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    cartId: r.cart_id,
    version: r.version,
    updatedAt: new Date(r.updated_at),
    lines: (r.lines ?? []).map((l) => ({ lineId: l.line_id, productId: l.product_id, variantId: l.variant_id, quantity: l.quantity })),
  }));
}

/** The last log position this read model reflects: every cart row keeps the position of its last applied event. */
export async function cartsCheckpoint(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ position: string | number | null }>('select max(position) as position from carts');
  return Number(rows[0]?.position ?? 0);
}
