import type { Queryable } from '../../db/database.ts';

/**
 * A variant's live stock, over `variants v left join stock_levels s`: the counted level plus received,
 * minus ordered, plus given back (a variant nothing moved yet has no stock_levels row). The one place the sum is written.
 */
export const LIVE_STOCK = 'v.stock + coalesce(s.received, 0) - coalesce(s.ordered, 0) + coalesce(s.returned, 0)';
export const WITH_STOCK_LEVELS = 'variants v left join stock_levels s on s.variant_id = v.id';
/** Every unit a variant's stock has moved by, in all: it only grows, so of two reads the one with more is the later. */
export const UNITS_MOVED = 'coalesce(s.received, 0) + coalesce(s.ordered, 0) + coalesce(s.returned, 0)';

/** A variant's live stock, and the units moved to reach it (which orders two reads of it). */
export interface StockLevel {
  stock: number;
  moved: number;
}

/** Variants' live stock (all of them without `variantIds`); a variant not in the catalogue is absent. */
export async function liveStock(db: Queryable, variantIds?: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; stock: number }>(
    `select v.id, ${LIVE_STOCK} as stock from ${WITH_STOCK_LEVELS} where $1::int[] is null or v.id = any($1::int[])`,
    [variantIds ?? null],
  );
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

/** Variants' live levels (all of them without `variantIds`), with the units moved to reach each. */
export async function stockLevels(db: Queryable, variantIds?: readonly number[]): Promise<Map<number, StockLevel>> {
  const { rows } = await db.query<{ id: number; stock: number; moved: number }>(
    `select v.id, ${LIVE_STOCK} as stock, ${UNITS_MOVED} as moved from ${WITH_STOCK_LEVELS} where $1::int[] is null or v.id = any($1::int[])`,
    [variantIds ?? null],
    { prepare: true },
  );
  return new Map(rows.map((r) => [r.id, { stock: Number(r.stock), moved: Number(r.moved) }]));
}
