import type { Queryable } from '../../db/database.ts';
import { LIVE_STOCK, WITH_STOCK_LEVELS } from './stock.queries.ts';

/** One variant's stock as an operator reads it. */
export interface StockListRow {
  variantId: number;
  product: string;
  size: string;
  color: string;
  /** The counted level (the seed's). */
  counted: number;
  received: number;
  ordered: number;
  /** Given back: cancelled orders' units and restocked returns. */
  returned: number;
  /** counted + received − ordered + returned: what can still be sold. */
  onHand: number;
}

/** Every variant of the catalogue with its stock, lowest first; `low`: only those with at most that many on hand. */
export async function stockList(db: Queryable, options: { low?: number } = {}): Promise<StockListRow[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    size: string;
    color: string;
    counted: number;
    received: number;
    ordered: number;
    returned: number;
    on_hand: number;
  }>(
    `select v.id, p.name, v.size, v.color, v.stock as counted, coalesce(s.received, 0) as received, coalesce(s.ordered, 0) as ordered, coalesce(s.returned, 0) as returned,
            ${LIVE_STOCK} as on_hand
     from ${WITH_STOCK_LEVELS} join products p on p.id = v.product_id
     where $1::int is null or ${LIVE_STOCK} <= $1
     order by on_hand, p.name, v.id`,
    [options.low ?? null],
  );
  return rows.map((r) => ({
    variantId: r.id,
    product: r.name,
    size: r.size,
    color: r.color,
    counted: Number(r.counted),
    received: Number(r.received),
    ordered: Number(r.ordered),
    returned: Number(r.returned),
    onHand: Number(r.on_hand),
  }));
}
