import type { Queryable } from '../../db/database.ts';
import { LIVE_STOCK } from '../stock/stock.queries.ts';

/** An alert waiting for its variant: the stream to fulfil and the sealed address to write to. */
export interface WaitingAlert {
  streamId: string;
  subscriberId: string;
  emailCipher: string;
}

/** The alerts waiting for the variant, oldest request first. */
export async function waitingAlerts(db: Queryable, variantId: number): Promise<WaitingAlert[]> {
  const { rows } = await db.query<{ stream_id: string; subscriber_id: string; email_cipher: string }>(
    `select stream_id, subscriber_id, email_cipher from stock_alerts where variant_id = $1 and waiting order by position`,
    [variantId],
  );
  return rows.map((r) => ({ streamId: r.stream_id, subscriberId: r.subscriber_id, emailCipher: r.email_cipher }));
}

/** A variant as an alert names it, with its live stock; undefined when the catalogue has no such variant. */
export interface AlertVariant {
  productId: number;
  slug: string;
  name: string;
  size: string;
  color: string;
  stock: number;
}

export async function alertVariant(db: Queryable, variantId: number): Promise<AlertVariant | undefined> {
  const { rows } = await db.query<{
    product_id: number;
    slug: string;
    name: string;
    size: string;
    color: string;
    stock: number;
  }>(
    `select v.product_id, p.slug, p.name, v.size, v.color, ${LIVE_STOCK} as stock
     from variants v join products p on p.id = v.product_id left join stock_levels s on s.variant_id = v.id
     where v.id = $1`,
    [variantId],
  );
  const r = rows[0];
  return (
    r && { productId: r.product_id, slug: r.slug, name: r.name, size: r.size, color: r.color, stock: Number(r.stock) }
  );
}
