import type { Queryable } from '../../db/database.ts';
import type { OrderLine, OrderStatus } from '../../domain/orders/order.events.ts';

/** The shipment of a shipped order: who carries it, its tracking number, and the estimated delivery date (YYYY-MM-DD). */
export interface OrderShipment {
  carrier: string;
  trackingNumber: string;
  eta: string | null;
}

/**
 * One event of the order's history, as Track Order's timeline shows it: what happened, when, and what
 * the shopper is told of it (each only where the event says it).
 */
export interface OrderHistoryEntry {
  type: string;
  at: string;
  /** Who cancelled. */
  by?: 'shopper' | 'shop';
  /** The shop's reason for a cancel, refund or return. */
  reason?: string;
  /** A refund's sum. */
  amountCents?: number;
  /** How many units a return brought back. */
  units?: number;
  /** What a return brought back, by variant. */
  lines?: Array<{ variantId: number; quantity: number }>;
}

/** An order as its row holds it (money in cents; `personal` still sealed). */
export interface OrderRow {
  orderId: string;
  number: string;
  customerId: string;
  placedAt: Date;
  lines: OrderLine[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  promoCode: string | null;
  shippingMethod: string;
  personal: string;
  status: OrderStatus;
  shipment: OrderShipment | null;
  refundedCents: number;
  history: OrderHistoryEntry[];
}

const COLUMNS = `order_id, number, customer_id, placed_at, lines, subtotal_cents, shipping_cents, discount_cents, total_cents,
  promo_code, shipping_method, personal, status, shipping, refunded_cents, history`;

interface Row {
  order_id: string;
  number: string;
  customer_id: string;
  placed_at: Date | string;
  lines: OrderLine[];
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  promo_code: string | null;
  shipping_method: string;
  personal: string;
  status: OrderStatus;
  shipping: OrderShipment | null;
  refunded_cents: number;
  history: OrderHistoryEntry[];
}

const toOrder = (r: Row): OrderRow => ({
  orderId: r.order_id,
  number: r.number,
  customerId: r.customer_id,
  placedAt: new Date(r.placed_at),
  lines: r.lines,
  subtotalCents: r.subtotal_cents,
  shippingCents: r.shipping_cents,
  discountCents: r.discount_cents,
  totalCents: r.total_cents,
  promoCode: r.promo_code,
  shippingMethod: r.shipping_method,
  personal: r.personal,
  status: r.status,
  shipment: r.shipping,
  refundedCents: r.refunded_cents,
  history: r.history,
});

/** The order with this number placed by this customer; undefined for an unknown number or another customer alike. */
export async function orderByNumber(db: Queryable, number: string, customerId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from orders where number = $1 and customer_id = $2`, [
    number,
    customerId,
  ]);
  return rows[0] && toOrder(rows[0]);
}

export async function orderById(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from orders where order_id = $1`, [orderId]);
  return rows[0] && toOrder(rows[0]);
}

/** How many orders `ordersSince` will yield (with `status`, only those in that status). */
export async function countOrdersSince(db: Queryable, since: Date | undefined, status?: OrderStatus): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from orders where ($1::timestamptz is null or placed_at >= $1) and ($2::text is null or status = $2)',
    [since ?? null, status ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** Orders placed at or after `since` (with `status`, only those in that status), oldest first, in keyset batches (placed_at, order_id): constant memory. */
export async function* ordersSince(
  db: Queryable,
  since: Date | undefined,
  batchSize = 1_000,
  status?: OrderStatus,
): AsyncGenerator<OrderRow[]> {
  let after: OrderRow | undefined;
  for (;;) {
    const { rows } = await db.query<Row>(
      `select ${COLUMNS} from orders
       where ($1::timestamptz is null or placed_at >= $1)
         and ($2::timestamptz is null or (placed_at, order_id) > ($2, $3::uuid))
         and ($5::text is null or status = $5)
       order by placed_at, order_id
       limit $4`,
      [since ?? null, after?.placedAt ?? null, after?.orderId ?? null, batchSize, status ?? null],
    );
    if (rows.length === 0) return;
    const batch = rows.map(toOrder);
    yield batch;
    after = batch[batch.length - 1];
    if (rows.length < batchSize) return;
  }
}

/** How many orders are in each status (the metrics read it when scraped). */
export async function orderCountsByStatus(db: Queryable): Promise<Array<{ status: OrderStatus; count: number }>> {
  const { rows } = await db.query<{ status: OrderStatus; count: number }>(
    'select status, count(*)::int as count from orders group by status',
  );
  return rows;
}

/** The order with this number, whoever placed it (operators only). */
export async function orderIdByNumber(db: Queryable, number: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>('select order_id from orders where number = $1', [number]);
  return rows[0]?.order_id;
}
