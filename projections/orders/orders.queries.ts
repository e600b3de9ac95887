import type { Queryable } from '../../db/database.ts';
import type { OrderLine } from '../../domain/orders/order.events.ts';

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
  status: string;
}

const COLUMNS = `order_id, number, customer_id, placed_at, lines, subtotal_cents, shipping_cents, discount_cents, total_cents,
  promo_code, shipping_method, personal, status`;

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
  status: string;
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
});

/** The order with this number placed by this customer; undefined for an unknown number or another customer alike. */
export async function orderByNumber(db: Queryable, number: string, customerId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from orders where number = $1 and customer_id = $2`, [number, customerId]);
  return rows[0] && toOrder(rows[0]);
}

export async function orderById(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from orders where order_id = $1`, [orderId]);
  return rows[0] && toOrder(rows[0]);
}
