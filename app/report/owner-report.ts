import { decimalToCents } from '../../contracts/money-format.ts';
import type { Database } from '../../db/database.ts';
import { cartFromLines } from '../../projections/carts/cart-view.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import {
  type CartCohortRow,
  type ProductSalesRow,
  type RefundDayRow,
  type RemovedProductRow,
  type ReportSpan,
  type SalesDayRow,
  cartCohort,
  productSales,
  refundsByDay,
  removedProducts,
  salesByDay,
} from '../../projections/report/report.queries.ts';

export type { ReportSpan };

/** A report without dates covers the last seven UTC days, today's so far included. */
export const REPORT_DAYS = 7;
/** A cart still holding lines is abandoned once nobody has changed it for an hour. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** How many products each ranking shows. */
export const TOP_PRODUCTS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const startOfDay = (instant: Date) => new Date(`${dayOf(instant)}T00:00:00.000Z`);

/** The last `REPORT_DAYS` UTC days up to `now`. */
export function defaultSpan(now: Date): ReportSpan {
  return { since: new Date(startOfDay(now).getTime() - (REPORT_DAYS - 1) * DAY_MS), until: now };
}

/** Every UTC day the span touches, oldest first. */
export function daysOf(span: ReportSpan): string[] {
  const days: string[] = [];
  for (let t = startOfDay(span.since).getTime(); t < span.until.getTime(); t += DAY_MS) days.push(dayOf(new Date(t)));
  return days;
}

export interface DayFigures {
  day: string;
  /** Orders placed that day, the ones cancelled since included; the money and units leave those out. */
  orders: number;
  cancelled: number;
  items: number;
  revenueCents: number;
  /** Refunds given that day, whatever the day of their order. */
  refunds: number;
  refundedCents: number;
  /** Revenue over the orders not cancelled; null without one. */
  averageOrderCents: number | null;
}

export interface ProductFigures {
  productId: number;
  name: string;
  units: number;
  revenueCents: number;
}

export interface CartFigures extends CartCohortRow {
  /** What the abandoned carts hold, at today's prices. */
  abandonedValueCents: number;
  /** Ordered over started; null when no cart was started. */
  orderedShare: number | null;
}

/** The owner's report: what sold, what was left in carts, what was taken out of them. */
export interface OwnerReport {
  since: string;
  until: string;
  days: DayFigures[];
  totals: Omit<DayFigures, 'day'> & { netCents: number };
  topByUnits: ProductFigures[];
  topByRevenue: ProductFigures[];
  carts: CartFigures;
  takenOut: Array<{ productId: number; name: string; removals: number }>;
}

/** What the read models say of a span, as the queries give it. */
export interface ReportRows {
  sales: SalesDayRow[];
  refunds: RefundDayRow[];
  products: ProductSalesRow[];
  removed: RemovedProductRow[];
  cohort: CartCohortRow;
  /** What the abandoned carts hold, one line per variant. */
  abandonedUnits: Parameters<typeof cartFromLines>[1];
}

type Catalogue = Pick<CatalogueReader, 'productById' | 'variant' | 'stockOf'>;

const average = (revenueCents: number, orders: number) => (orders > 0 ? Math.round(revenueCents / orders) : null);

/** The report from the read models' rows: every day of the span (a quiet one as zeros), the rankings, the carts. */
export function buildReport(rows: ReportRows, span: ReportSpan, catalogue: Catalogue): OwnerReport {
  const sales = new Map(rows.sales.map((r) => [r.day, r]));
  const refunds = new Map(rows.refunds.map((r) => [r.day, r]));
  const days = daysOf(span).map((day): DayFigures => {
    const s = sales.get(day);
    const r = refunds.get(day);
    const orders = s?.orders ?? 0;
    const cancelled = s?.cancelled ?? 0;
    const revenueCents = s?.revenueCents ?? 0;
    return {
      day,
      orders,
      cancelled,
      items: s?.items ?? 0,
      revenueCents,
      refunds: r?.refunds ?? 0,
      refundedCents: r?.refundedCents ?? 0,
      averageOrderCents: average(revenueCents, orders - cancelled),
    };
  });
  const sum = (key: 'orders' | 'cancelled' | 'items' | 'revenueCents' | 'refunds' | 'refundedCents') =>
    days.reduce((total, d) => total + d[key], 0);
  const revenueCents = sum('revenueCents');
  const refundedCents = sum('refundedCents');
  const ranked = (key: 'units' | 'revenueCents') =>
    [...rows.products]
      .sort((a, b) => b[key] - a[key] || a.productId - b.productId)
      .slice(0, TOP_PRODUCTS)
      .map((p) => ({ ...p }));
  const abandonedValueCents = decimalToCents(cartFromLines('', rows.abandonedUnits, catalogue).total);
  return {
    since: span.since.toISOString(),
    until: span.until.toISOString(),
    days,
    totals: {
      orders: sum('orders'),
      cancelled: sum('cancelled'),
      items: sum('items'),
      revenueCents,
      refunds: sum('refunds'),
      refundedCents,
      averageOrderCents: average(revenueCents, sum('orders') - sum('cancelled')),
      netCents: revenueCents - refundedCents,
    },
    topByUnits: ranked('units'),
    topByRevenue: ranked('revenueCents'),
    carts: {
      ...rows.cohort,
      abandonedValueCents,
      orderedShare: rows.cohort.started > 0 ? rows.cohort.ordered / rows.cohort.started : null,
    },
    takenOut: [...rows.removed]
      .sort((a, b) => b.removals - a.removals || a.productId - b.productId)
      .slice(0, TOP_PRODUCTS)
      .map((r) => ({
        productId: r.productId,
        name: catalogue.productById(r.productId)?.name ?? `Product #${r.productId}`,
        removals: r.removals,
      })),
  };
}

/**
 * The owner's report of `span` at `now`, read from the read models the log keeps (never from the log
 * itself), in one read-only snapshot: no figure counts an order another has not seen.
 */
export async function ownerReport(
  db: Database,
  catalogue: Catalogue,
  span: ReportSpan,
  now: Date,
): Promise<OwnerReport> {
  const rows = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const sales = await salesByDay(tx, span);
    const refunds = await refundsByDay(tx, span);
    const products = await productSales(tx, span);
    const removed = await removedProducts(tx, span);
    const carts = await cartCohort(tx, span, new Date(now.getTime() - ABANDONED_AFTER_MS));
    return { sales, refunds, products, removed, ...carts };
  });
  return buildReport(rows, span, catalogue);
}
