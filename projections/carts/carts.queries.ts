import type { Queryable } from '../../db/database.ts';

export interface CartLineRow {
  lineId: string;
  productId: number;
  variantId: number;
  quantity: number;
}

/** A line as the carts row stores it (an element of its `lines` jsonb array). */
type StoredLine = CartLineRow & { addedAt: string };

const toLineRows = (lines: readonly StoredLine[] | null | undefined): CartLineRow[] =>
  (lines ?? []).map((l) => ({
    lineId: l.lineId,
    productId: l.productId,
    variantId: l.variantId,
    quantity: l.quantity,
  }));

/** One cart's version (its last applied stream version; 0 when it has no events yet) and its lines in the order they were added. */
export async function cartWithVersion(
  db: Queryable,
  cartId: string,
): Promise<{ version: number; lines: CartLineRow[] }> {
  const { rows } = await db.query<{ version: number; lines: StoredLine[] }>(
    'select version, lines from carts where cart_id = $1',
    [cartId],
    { prepare: true },
  );
  return { version: rows[0]?.version ?? 0, lines: toLineRows(rows[0]?.lines) };
}

export interface CartSummaryRow {
  cartId: string;
  version: number;
  updatedAt: Date;
  lines: CartLineRow[];
}

/** The most recently changed carts with their lines (for support and the CLI). */
export async function recentCarts(db: Queryable, limit: number): Promise<CartSummaryRow[]> {
  const { rows } = await db.query<{ cart_id: string; version: number; updated_at: Date; lines: StoredLine[] }>(
    'select cart_id, version, updated_at, lines from carts order by updated_at desc, cart_id limit $1',
    [limit],
  );
  return rows.map((r) => ({
    cartId: r.cart_id,
    version: r.version,
    updatedAt: new Date(r.updated_at),
    lines: toLineRows(r.lines),
  }));
}
