import type { BenchRun } from '../lib/bench-run.ts';
import { heldInstancesUnavailable, quotaShare, withHeldInstances } from '../lib/held-instances.ts';
import type { LoadRequest } from '../load.ts';
import { type Row, fmtRate, fmtShare } from '../lib/report.ts';
import { ROUNDS, median } from '../lib/rounds.ts';
import { type Measured, type Target, load, loadProblems, loadText } from '../lib/shop-process.ts';
import { CHECKOUT, restockOrderedVariants } from './orders.ts';
import type { ShopFacts } from './shop-facts.ts';
import { BROWSER } from './day-mix.ts';

/** What each instance may use of the server core: three fit in it with room for PostgreSQL. */
export const JOURNEY_CORES = 0.2;
/** Shoppers walking journeys at once (closed loop: each starts its next journey when the last ends). */
const SHOPPERS = 16;
/** One order every this many journeys, in the rows with orders. */
export const ORDER_EVERY = 10;
const WARM_UP_SECONDS = 15;
/** Each setup is measured this many times `--duration` (30 s by default): a journey is 6 requests. */
const MEASURED_DURATIONS = 3;
/** The targets: journeys with orders against the same instance without them; more instances against one. */
const ORDERS_TARGET = 0.8;
const SCALE_TARGETS: Record<number, number> = { 2: 1.8, 3: 2.5 };

interface Setup {
  instances: number;
  orders: boolean;
}

export interface Walked extends Setup {
  round: number;
  journeysPerSecond: number;
  /** Server CPU per journey, summed over the instances. */
  cpuMsPerJourney?: number;
  result: Measured;
  problem?: string;
}

/**
 * A shopper's journey: the home page, the shop, the product list API,
 * a product page, Add to Cart (a new shopper's first write: a session and a cart), and the cart page.
 * Ten journeys in a row over ten products; with `orders`, the tenth shopper also places their cart.
 */
export function journeys(facts: ShopFacts, slugOf: (productId: number) => string, orders: boolean): LoadRequest[] {
  const json = { 'content-type': 'application/json' };
  return facts.lines.slice(0, ORDER_EVERY).flatMap((line, i) => [
    { path: '/', headers: BROWSER },
    { path: '/shop', headers: BROWSER },
    { path: '/api/products' },
    { path: `/product/${slugOf(line.productId)}`, headers: BROWSER },
    {
      method: 'POST' as const,
      path: '/api/cart',
      headers: json,
      body: JSON.stringify({ ...line, quantity: 1 }),
      captureCookie: true,
    },
    { path: '/cart', headers: BROWSER, useCookie: true },
    ...(orders && i === ORDER_EVERY - 1
      ? [
          {
            method: 'POST' as const,
            path: '/api/orders',
            headers: json,
            body: JSON.stringify(CHECKOUT),
            useCookie: true,
          },
        ]
      : []),
  ]);
}

/**
 * Where each journey of a sequence begins (its home page): every shopper's pass starts at the next of
 * these, so over a run every journey, the one that orders included, is walked as often as the others.
 */
export const journeyStarts = (requests: LoadRequest[]) => requests.flatMap((r, i) => (r.path === '/' ? [i] : []));

/** Journeys per second from requests per second: a sequence is ORDER_EVERY journeys. */
export const journeysPerSecond = (requestsPerSecond: number, sequenceLength: number) =>
  (requestsPerSecond * ORDER_EVERY) / sequenceLength;

/**
 * Shopper journeys per second, closed loop (SHOPPERS walking journeys through haproxy), on 1, 2 and 3
 * instances each held to the same CPU quota, with an order every ORDER_EVERY journeys, and on one
 * instance without orders. No latency limit: the figure is journeys served, and the quota, not a p99,
 * bounds it. The setups take turns in each of ROUNDS rounds (the machine's pace drifts within a run);
 * each ratio is the median of the rounds' own ratios. PGlite runs one instance only (one process per
 * data directory): its row is the orders ratio.
 */
export async function journeysRows(run: BenchRun, build: string, target: Target, facts: ShopFacts): Promise<void> {
  const why = await heldInstancesUnavailable();
  if (why) {
    run.log(`journeys skipped: ${why}`);
    return;
  }
  await restockOrderedVariants(build, target, facts);
  const setups: Setup[] = [
    { instances: 1, orders: false },
    ...(target.backend === 'postgres' ? [1, 2, 3] : [1]).map((instances) => ({ instances, orders: true })),
  ];
  const walked: Walked[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const setup of round % 2 ? setups : [...setups].reverse()) {
      const w = await run.phase(`${target.backend}: journeys, round ${round}: ${describe(setup)}`, () =>
        walk(run, build, target, facts, setup, round),
      );
      run.log(
        `  ${describe(setup)}: ${w.journeysPerSecond.toFixed(2)} journeys/s, ${w.cpuMsPerJourney?.toFixed(1) ?? '?'} ms CPU a journey, ${fmtShare(quotaUsed(w))} of the quota used${w.problem ? `: ${w.problem}` : ''}`,
      );
      walked.push(w);
    }
  }
  for (const setup of setups)
    run.rows.push(journeysRow(target.backend, setup, walked, run.duration * MEASURED_DURATIONS));
}

async function walk(
  run: BenchRun,
  build: string,
  target: Target,
  facts: ShopFacts,
  setup: Setup,
  round: number,
): Promise<Walked> {
  return withHeldInstances(build, target, setup.instances, JOURNEY_CORES, async (instances, origin) => {
    const products = (await (await fetch(`${origin}/api/products`)).json()) as Array<{ id: number; slug: string }>;
    const slugOf = (id: number) => products.find((p) => p.id === id)!.slug;
    const requests = journeys(facts, slugOf, setup.orders);
    const result = await load(
      run,
      {
        url: origin,
        connections: SHOPPERS,
        requests,
        starts: journeyStarts(requests),
        warmup: WARM_UP_SECONDS,
        duration: run.duration * MEASURED_DURATIONS,
      },
      instances,
    );
    const perJourney =
      result.cpuMsPerRequest === undefined ? undefined : (result.cpuMsPerRequest * requests.length) / ORDER_EVERY;
    const problem = loadProblems(result);
    return {
      ...setup,
      round,
      journeysPerSecond: journeysPerSecond(result.rps, requests.length),
      ...(perJourney === undefined ? {} : { cpuMsPerJourney: perJourney }),
      result,
      ...(problem ? { problem } : {}),
    };
  });
}

/** The share of the instances' CPU quota a setup used: under 1, something other than the quota bounded it. */
export const quotaUsed = (w: Pick<Walked, 'instances' | 'journeysPerSecond' | 'cpuMsPerJourney'>) =>
  w.cpuMsPerJourney === undefined
    ? undefined
    : quotaShare(w.journeysPerSecond * w.cpuMsPerJourney, w.instances, JOURNEY_CORES);

const describe = (s: Setup) =>
  `${s.instances} instance${s.instances > 1 ? 's' : ''}${s.orders ? `, an order every ${ORDER_EVERY}th journey` : ', no orders'}`;

/**
 * The setup's median journeys per second, against its baseline in the same rounds: one instance with
 * orders for more instances, the same instance without orders for one with them. The ratio is the
 * median of each round's own ratio; a round where either side had a failed request does not count.
 */
export function journeysRow(backend: Target['backend'], setup: Setup, walked: Walked[], measuredSeconds: number): Row {
  const mine = walked.filter((w) => w.instances === setup.instances && w.orders === setup.orders);
  const baseOf = (w: Walked) =>
    setup.instances > 1
      ? walked.find((b) => b.round === w.round && b.instances === 1 && b.orders)
      : setup.orders
        ? walked.find((b) => b.round === w.round && b.instances === 1 && !b.orders)
        : undefined;
  const pairs = mine.flatMap((w) => {
    const base = baseOf(w);
    return base && !w.problem && !base.problem ? [{ w, base }] : [];
  });
  const ratio = pairs.length ? median(pairs.map(({ w, base }) => w.journeysPerSecond / base.journeysPerSecond)) : null;
  const cpuRatios = pairs
    .filter(({ w, base }) => w.cpuMsPerJourney && base.cpuMsPerJourney)
    .map(({ w, base }) => base.cpuMsPerJourney! / w.cpuMsPerJourney!);
  const targetOf = setup.instances > 1 ? SCALE_TARGETS[setup.instances]! : setup.orders ? ORDERS_TARGET : undefined;
  const problems = mine.filter((w) => w.problem).map((w) => `round ${w.round}: ${w.problem}`);
  const rates = mine.map((w) => w.journeysPerSecond);
  const cpu = mine.flatMap((w) => (w.cpuMsPerJourney === undefined ? [] : [w.cpuMsPerJourney]));
  const used = mine.flatMap((w) => quotaUsed(w) ?? []);
  const baseline =
    setup.instances > 1
      ? `one instance with orders, same quota`
      : setup.orders
        ? 'the same instance without orders'
        : 'the baseline of the rows below';
  return {
    scenario: `journeys: ${describe(setup)}, ${setup.instances} × ${JOURNEY_CORES} core behind haproxy`,
    backend,
    figure: `${fmtRate(median(rates), 'journeys/s')} (rounds: ${rates.map((r) => r.toFixed(2)).join(', ')}; ${cpu.length ? `${median(cpu).toFixed(1)} ms CPU a journey, summed over the instances, ${fmtShare(median(used))} of the quota used` : 'CPU not read'})`,
    baseline,
    ratio,
    ...(cpuRatios.length && setup.instances === 1 && setup.orders ? { cpuRatio: median(cpuRatios) } : {}),
    target: targetOf ? `>= ${targetOf} x ${setup.instances > 1 ? 'one instance' : 'without orders'}` : 'reported',
    pass:
      targetOf === undefined
        ? problems.length
          ? false
          : null
        : problems.length === 0 && ratio !== null && ratio >= targetOf,
    load: loadText(...mine.map((w) => w.result)),
    ...(problems.length ? { note: problems.join('; ') } : {}),
    conditions: `closed loop: ${SHOPPERS} shoppers (autocannon, load core) each walking journeys of 6 requests (home, shop, product list API, product page, Add to Cart as a new shopper, cart page${setup.orders ? `; every ${ORDER_EVERY}th also places its cart` : ''}) through haproxy (each request to the instance with the fewest in flight); each instance pinned to the server core and held to ${JOURNEY_CORES} core by its own cgroup (cpu.cfs_quota_us, 10 ms period); ${backend === 'postgres' ? 'one PostgreSQL (not pinned)' : 'PGlite'}; ${WARM_UP_SECONDS} s warm-up (or until the pace stops rising), ${measuredSeconds} s measured, ${ROUNDS} rounds in alternating order; the ordered variants restocked (their bands never change)`,
    data: {
      walked: mine.map(({ result, ...w }) => ({
        ...w,
        quotaUsed: quotaUsed(w) ?? null,
        rps: result.rps,
        total: result.total,
        statusCodes: result.statusCodes,
      })),
    },
  };
}
