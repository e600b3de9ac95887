import type { Queryable } from '../../db/database.ts';

/** Variants' live stock (counted level + received − ordered); a variant not in the catalogue is absent. */
export async function liveStock(db: Queryable, variantIds: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; stock: number }>(
    `select v.id, v.stock + coalesce(s.received, 0) - coalesce(s.ordered, 0) as stock
     from variants v left join stock_levels s on s.variant_id = v.id
     where v.id = any($1::int[])`,
    [variantIds],
  );
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

/** The highest position stock_levels reflects: it moves with every order and receipt. */
export async function stockPosition(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ position: string | null }>('select max(position) as position from stock_levels');
  return Number(rows[0]?.position ?? 0);
}
