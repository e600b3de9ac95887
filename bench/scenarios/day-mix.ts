// A shop's day: its mix of requests, and how a step of it is judged (the day, scale-out and journeys share them).
import type { MixKind } from '../lib/mix.ts';
import { fmtMs } from '../lib/report.ts';
import type { Measured } from '../lib/shop-process.ts';
import { type ShopFacts, shopperWith } from './shop-facts.ts';
import { CHECKOUT } from './orders.ts';

/**
 * A shop's day, one number: the highest rate of a realistic mix of requests one instance holds for
 * HOLD_SECONDS with p99 under P99_MS and no error, offered open-loop (bench/open-loop.ts), beside a
 * calibration of the machine measured in the same run. The mix, by share of requests:
 */
export const DAY_MIX = { pages: 60, api: 15, search: 10, cartWrites: 8, cartPages: 5, orders: 2 } as const;
/** Each kind's p99 must stay under this at the capacity; an order's under ORDERS_P99_MS. */
export const P99_MS = 50;
export const ORDERS_P99_MS = 100;
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
export const CONNECTIONS = 100;

export interface DayOptions {
  /** Seconds each candidate rate is held (60 for the figure; shorter while developing). */
  hold: number;
  /** Seconds of each probe step of the ramp. */
  probe: number;
}

export interface Step {
  rate: number;
  seconds: number;
  result: Measured;
  ok: boolean;
  why?: string;
}

/** Each kind's p99 in a step, so a failed step says which requests were slow ("pages 12 ms, orders 80 ms"). */
export const kindsP99 = (r: Measured) =>
  Object.entries(r.kinds ?? {})
    .map(([kind, k]) => `${kind} ${fmtMs(k.latency.p99)}`)
    .join(', ');

/**
 * A kind's p99 limit on a server that may use `cores` of a core: one held to a fraction runs everything
 * that much slower, so its limits are the same limits in its time (50 ms at 0.3 core is 167 ms).
 */
export const p99Limit = (kind: string, cores = 1) => (kind === 'orders' ? ORDERS_P99_MS : P99_MS) / Math.min(1, cores);

/** Why a step fails: a request failed, or a kind's p99 reached its limit (each kind judged on its own). */
export const judge = (r: Measured, cores = 1): string | undefined => {
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) return `${bad} failed (${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts)`;
  if (!r.kinds) return r.latency.p99 >= p99Limit('all', cores) ? `p99 ${fmtMs(r.latency.p99)}` : undefined;
  const slow = Object.entries(r.kinds)
    .filter(([kind, k]) => k.latency.p99 >= p99Limit(kind, cores))
    .map(([kind, k]) => `${kind} p99 ${fmtMs(k.latency.p99)}`);
  return slow.length > 0 ? slow.join(', ') : undefined;
};

/** The day's mix on the shop at `origin`; with `orders: false`, the same mix with the orders' slot left empty. */
export async function mixOf(
  origin: string,
  facts: ShopFacts,
  searchFrom: number,
  { orders = true } = {},
): Promise<MixKind[]> {
  // Shoppers made on the first instance: every instance reads every session (one database, one secret).
  const products = (await (await fetch(`${origin}/api/products`)).json()) as Array<{ id: number; slug: string }>;
  const shoppers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => shopperWith(origin, facts.lines.slice(i % 7, (i % 7) + 3))),
  );
  const json = { 'content-type': 'application/json' };
  return [
    {
      kind: 'pages',
      weight: DAY_MIX.pages,
      headers: BROWSER,
      requests: ['/', '/shop', ...products.slice(0, 8).map((p) => `/product/${p.slug}`)].map((path) => ({ path })),
    },
    {
      kind: 'api',
      weight: DAY_MIX.api,
      requests: [
        '/api/products',
        '/api/categories',
        ...products.slice(0, 4).flatMap((p) => [`/api/products/${p.slug}`, `/api/products/${p.id}/variants`]),
      ].map((path) => ({ path })),
    },
    { kind: 'search', weight: DAY_MIX.search, searchFrom },
    // A new cart each time (no cookie), as the bench's new-cart rows.
    {
      kind: 'cartWrites',
      weight: DAY_MIX.cartWrites,
      requests: facts.lines.map((line) => ({
        method: 'POST' as const,
        path: '/api/cart',
        headers: json,
        body: JSON.stringify({ ...line, quantity: 1 }),
      })),
    },
    {
      kind: 'cartPages',
      weight: DAY_MIX.cartPages,
      headers: BROWSER,
      requests: shoppers.flatMap((s) =>
        ['/cart', '/checkout'].map((path) => ({ path, headers: { cookie: s.cookie } })),
      ),
    },
    // A cart of its own for each order, made ahead by the load process; the variants restocked first.
    {
      kind: 'orders',
      weight: orders ? DAY_MIX.orders : 0,
      checkout: {
        cartBodies: facts.lines.map((line) => JSON.stringify({ ...line, quantity: 1 })),
        orderBody: JSON.stringify(CHECKOUT),
      },
    },
  ];
}
