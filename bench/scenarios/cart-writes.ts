import type { DbBenchResult, DbBenchSpec, DbMode } from '../db-bench.ts';
import type { ReferenceWriteSpec } from '../reference-write-server.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import type { MixKind } from '../lib/mix.ts';
import { type Child, SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { type Round, inRounds } from '../lib/rounds.ts';
import { type Measured, type Target, load, meanOfRuns, startBenchServer, startShop } from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

/** The cart writes: over HTTP on the shop, on the reference route, and at the store (bench/db-bench.ts). */

const JSON_BODY = { 'content-type': 'application/json' };
const addBody = (facts: ShopFacts, i: number) =>
  JSON.stringify({ ...facts.lines[i % facts.lines.length]!, quantity: 1 });
/** A cart's ten lines, one add each. */
const lineBodies = (facts: ShopFacts) => facts.lines.map((_, i) => addBody(facts, i));
/** An add to a new cart (no cookie). */
const newCartAdd = (facts: ShopFacts) => ({
  method: 'POST' as const,
  path: '/api/cart',
  headers: JSON_BODY,
  body: addBody(facts, 0),
});
/** Each connection adds to a new cart on every request (no cookie kept). */
const newCartsLoad = (origin: string, facts: ShopFacts) => ({
  url: origin,
  connections: WRITE_CLIENTS,
  requests: [newCartAdd(facts)],
});

/** Each connection fills a cart with 10 distinct lines, then starts a new cart (autocannon resets the context). */
const tenLinesLoad = (origin: string, facts: ShopFacts) => ({
  url: origin,
  connections: WRITE_CLIENTS,
  requests: lineBodies(facts).map((body, i) => ({
    method: 'POST' as const,
    path: '/api/cart',
    headers: JSON_BODY,
    body,
    captureCookie: i === 0,
    useCookie: i > 0,
  })),
});

export type CartAnswer = ReferenceWriteSpec['answer'];

/** The shop's answer to one add to a new cart, which the reference route answers with its ids replaced. */
export async function cartAnswer(origin: string, facts: ShopFacts): Promise<CartAnswer> {
  const first = await fetch(`${origin}/api/cart`, { method: 'POST', headers: JSON_BODY, body: addBody(facts, 0) });
  if (first.status !== 201) throw new Error(`POST /api/cart answered ${first.status}: ${await first.text()}`);
  return (await first.json()) as CartAnswer;
}

/**
 * The CPU comparison's offered rate, as a share of the reference route's closed-loop rate: one both
 * servers hold, so both batch their appends alike (the same work), which at saturation they do not.
 */
const AT_RATE_SHARE = 0.25;
/** At the offered rate, each cart's ten lines are spread over this share of the measured run (two carts per slot a run). */
const CART_SPAN_SHARE = 0.5;

/** When a run's events were written (warm-up included): its appends' mean group size is read from them. */
export interface Window {
  from: string;
  to: string;
}
/** An open-loop run at the offered rate, and the windows its events were written in (two, for two runs as one). */
export type AtRate = Measured & { windows: Window[] };

/** One server's runs in a round: closed-loop (the rate rows), then at the offered rate (the CPU comparison). */
export interface ServerRuns {
  /** The closed-loop new carts' rate: what the rounds are ordered by. */
  rps: number;
  newCarts: Measured;
  newCartsAtRate: AtRate;
  /** The shop's only. */
  tenLines?: Measured;
  tenLinesAtRate?: AtRate;
}

export interface WritesOverHttp {
  /** The rounds (shop and the reference route's runs either side of it, as one) and the median by rate. */
  rounds: Array<Round<ServerRuns>>;
  median: Round<ServerRuns>;
  /** Adds per second offered to both servers for the CPU comparison. */
  rate: number;
  note?: string;
}

const meanAtRate = (a: AtRate, b: AtRate): AtRate => ({ ...meanOfRuns(a, b), windows: [...a.windows, ...b.windows] });
const meanOfServerRuns = (a: ServerRuns, b: ServerRuns): ServerRuns => {
  const newCarts = meanOfRuns(a.newCarts, b.newCarts);
  return { rps: newCarts.rps, newCarts, newCartsAtRate: meanAtRate(a.newCartsAtRate, b.newCartsAtRate) };
};

/**
 * POST /api/cart on the shop (new carts, then ten lines a cart) and on the reference route
 * (bench/reference-write-server.ts), alternated in rounds (lib/rounds.ts), each run a process started
 * afresh on the shop's database (on PGlite one process at a time holds the data directory). Each shop
 * run is judged against the reference runs either side of it: the machine's pace moves CPU per request
 * as much as the rate, and minutes apart the two were measured at different paces. Each process is
 * loaded closed-loop (its rate), then open-loop at one offered rate for both (its CPU per request).
 */
export async function writesOverHttp(
  run: BenchRun,
  build: string,
  target: Target,
  facts: ShopFacts,
  answer: CartAnswer,
): Promise<WritesOverHttp> {
  const spec: Omit<ReferenceWriteSpec, 'port'> = {
    target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) },
    answer,
  };
  let rate = 0;
  const atRate = async (origin: string, child: Child, kind: MixKind): Promise<AtRate> => {
    const from = new Date().toISOString();
    const measured = await load(
      run,
      { url: origin, connections: WRITE_CLIENTS, overallRate: rate, mix: { kinds: [kind] } },
      child,
    );
    return { ...measured, windows: [{ from, to: new Date().toISOString() }] };
  };
  const newCartsAtRate: MixKind = { kind: 'new cart', weight: 1, requests: [newCartAdd(facts)] };
  const tenLinesAtRate = (): MixKind => ({
    kind: 'cart line',
    weight: 1,
    cartLines: {
      bodies: lineBodies(facts),
      carts: Math.max(1, Math.round((rate * run.duration * CART_SPAN_SHARE) / facts.lines.length)),
    },
  });
  const { rounds, median, note } = await inRounds(
    meanOfServerRuns,
    () =>
      whileRunning(
        startBenchServer('bench/reference-write-server.ts', spec, '/api/cart'),
        async ({ child, origin }) => {
          const newCarts = await load(run, newCartsLoad(origin, facts), child);
          rate ||= Math.max(10, Math.round(newCarts.rps * AT_RATE_SHARE));
          return { rps: newCarts.rps, newCarts, newCartsAtRate: await atRate(origin, child, newCartsAtRate) };
        },
      ),
    () =>
      whileRunning(startShop(build, target), async ({ child, origin }) => {
        const newCarts = await load(run, newCartsLoad(origin, facts), child);
        const tenLines = await load(run, tenLinesLoad(origin, facts), child);
        return {
          rps: newCarts.rps,
          newCarts,
          tenLines,
          newCartsAtRate: await atRate(origin, child, newCartsAtRate),
          tenLinesAtRate: await atRate(origin, child, tenLinesAtRate()),
        };
      }),
  );
  if (note) run.log(`POST /api/cart: ${note}`);
  return { rounds, median, rate, ...(note ? { note } : {}) };
}

async function whileRunning<T>(
  started: Promise<{ child: Child; origin: string }>,
  measure: (server: { child: Child; origin: string }) => Promise<T>,
): Promise<T> {
  const server = await started;
  try {
    return await measure(server);
  } finally {
    await server.child.stop();
  }
}

export async function dbBench(
  run: BenchRun,
  target: Target,
  mode: DbMode,
  facts: ShopFacts,
  options: Pick<DbBenchSpec, 'groupSize' | 'windows'> = {},
): Promise<DbBenchResult> {
  const spec: DbBenchSpec = {
    target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) },
    mode,
    clients: WRITE_CLIENTS,
    seconds: run.duration,
    warmup: run.warmup,
    productId: facts.lines[0]!.productId,
    variantId: facts.lines[0]!.variantId,
    ...options,
  };
  return runJson<DbBenchResult>(process.execPath, tsxArgs('bench/db-bench.ts', [JSON.stringify(spec)]), {
    core: SERVER_CORE,
    timeoutMs: (run.duration + run.warmup) * 1000 + 120_000,
  });
}
