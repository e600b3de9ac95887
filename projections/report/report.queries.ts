import type { Queryable } from '../../db/database.ts';
import type { CartLineRow } from '../carts/carts.queries.ts';

/** A span of time, `since` included, `until` not. Days are UTC days. */
export interface ReportSpan {
  since: Date;
  until: Date;
}

/** One UTC day's orders: those placed that day, of which `cancelled` were cancelled since. */
export interface SalesDayRow {
  day: string;
  orders: number;
  cancelled: number;
  /** Units, revenue: of the orders not cancelled. Revenue is what their shoppers paid (shipping in, discounts off). */
  items: number;
  revenueCents: number;
}

export interface RefundDayRow {
  day: string;
  refunds: number;
  refundedCents: number;
}

/** A product's share of the span's orders (cancelled ones left out): units, and its lines' totals at the price paid. */
export interface ProductSalesRow {
  productId: number;
  name: string;
  units: number;
  revenueCents: number;
}

export interface RemovedProductRow {
  productId: number;
  removals: number;
}

/** What became of the carts started in the span, at `now`. */
export interface CartCohortRow {
  started: number;
  /** Carts an order was placed from. */
  ordered: number;
  /** Carts emptied, never ordered. */
  emptied: number;
  /** Carts still holding lines, untouched since before `abandonedBefore`. */
  abandoned: number;
  /** Carts holding lines that changed since: their shoppers may still be shopping. */
  open: number;
}

const day = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The span's orders by the UTC day they were placed (days without one are left out). */
export async function salesByDay(db: Queryable, span: ReportSpan): Promise<SalesDayRow[]> {
  const { rows } = await db.query<{
    day: string;
    orders: number;
    cancelled: number;
    items: number;
    revenue_cents: number;
  }>(
    `select ${day('o.placed_at')} as day, count(*)::int as orders,
            count(*) filter (where o.status = 'Cancelled')::int as cancelled,
            coalesce(sum(i.units) filter (where o.status <> 'Cancelled'), 0)::int as items,
            coalesce(sum(o.total_cents) filter (where o.status <> 'Cancelled'), 0)::int as revenue_cents
     from orders o
     cross join lateral (select sum((l->>'quantity')::int) as units from jsonb_array_elements(o.lines) l) i
     where o.placed_at >= $1 and o.placed_at < $2
     group by 1 order by 1`,
    [span.since, span.until],
  );
  return rows.map((r) => ({
    day: r.day,
    orders: r.orders,
    cancelled: r.cancelled,
    items: r.items,
    revenueCents: r.revenue_cents,
  }));
}

/** The refunds given in the span, by the UTC day they were given. */
export async function refundsByDay(db: Queryable, span: ReportSpan): Promise<RefundDayRow[]> {
  const { rows } = await db.query<{ day: string; refunds: number; refunded_cents: number }>(
    `select ${day('refunded_at')} as day, count(*)::int as refunds, sum(amount_cents)::int as refunded_cents
     from order_refunds where refunded_at >= $1 and refunded_at < $2
     group by 1 order by 1`,
    [span.since, span.until],
  );
  return rows.map((r) => ({ day: r.day, refunds: r.refunds, refundedCents: r.refunded_cents }));
}

/** Every product sold in the span's orders that were not cancelled, under the name its lines carry. */
export async function productSales(db: Queryable, span: ReportSpan): Promise<ProductSalesRow[]> {
  const { rows } = await db.query<{ product_id: number; name: string; units: number; revenue_cents: number }>(
    `select (l->>'productId')::int as product_id, min(l->>'name') as name, sum((l->>'quantity')::int)::int as units,
            sum((l->>'quantity')::int * (l->>'unitPriceCents')::int)::int as revenue_cents
     from orders o cross join jsonb_array_elements(o.lines) l
     where o.placed_at >= $1 and o.placed_at < $2 and o.status <> 'Cancelled'
     group by 1`,
    [span.since, span.until],
  );
  return rows.map((r) => ({ productId: r.product_id, name: r.name, units: r.units, revenueCents: r.revenue_cents }));
}

/** How often each product was taken out of a cart in the span. */
export async function removedProducts(db: Queryable, span: ReportSpan): Promise<RemovedProductRow[]> {
  const { rows } = await db.query<{ product_id: number; removals: number }>(
    `select product_id, count(*)::int as removals from cart_removals
     where removed_at >= $1 and removed_at < $2 group by 1`,
    [span.since, span.until],
  );
  return rows.map((r) => ({ productId: r.product_id, removals: r.removals }));
}

/**
 * The carts started in the span, each counted once by what became of it: ordered (an order names it),
 * else emptied, else abandoned (holding lines, unchanged since `abandonedBefore`), else open; and what
 * the abandoned ones hold, summed by variant (a cart's worth is the sum of its lines', so the caller
 * prices one line per variant rather than every cart's).
 */
export async function cartCohort(
  db: Queryable,
  span: ReportSpan,
  abandonedBefore: Date,
): Promise<{ cohort: CartCohortRow; abandonedUnits: CartLineRow[] }> {
  const fated = `select c.lines, case when exists (select from orders o where o.cart_id = c.cart_id) then 'ordered'
                       when jsonb_array_length(c.lines) = 0 then 'emptied'
                       when c.updated_at < $3 then 'abandoned'
                       else 'open' end as fate
     from carts c where c.created_at >= $1 and c.created_at < $2`;
  const { rows } = await db.query<{ fate: keyof CartCohortRow; carts: number }>(
    `select f.fate, count(*)::int as carts from (${fated}) f group by f.fate`,
    [span.since, span.until, abandonedBefore],
  );
  const held = await db.query<{ product_id: number; variant_id: number; quantity: number }>(
    `select (l->>'productId')::int as product_id, (l->>'variantId')::int as variant_id, sum((l->>'quantity')::int)::int as quantity
     from (${fated}) f cross join jsonb_array_elements(f.lines) l
     where f.fate = 'abandoned'
     group by 1, 2 order by 2`,
    [span.since, span.until, abandonedBefore],
  );
  const cohort: CartCohortRow = { started: 0, ordered: 0, emptied: 0, abandoned: 0, open: 0 };
  for (const r of rows) {
    cohort[r.fate] = r.carts;
    cohort.started += r.carts;
  }
  const abandonedUnits = held.rows.map((r) => ({
    lineId: String(r.variant_id),
    productId: r.product_id,
    variantId: r.variant_id,
    quantity: r.quantity,
  }));
  return { cohort, abandonedUnits };
}
