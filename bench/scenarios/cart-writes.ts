import type { DbBenchResult, DbBenchSpec, DbMode } from '../db-bench.ts';
import type { ReferenceWriteSpec } from '../reference-write-server.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { type Child, SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { type Round, inRounds } from '../lib/rounds.ts';
import { type Measured, type Target, load, meanOfRuns, startBenchServer, startShop } from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

/** The cart writes: over HTTP on the shop, on the reference route, and at the store (bench/db-bench.ts). */

const JSON_BODY = { 'content-type': 'application/json' };
const addBody = (facts: ShopFacts, i: number) => JSON.stringify({ ...facts.lines[i % facts.lines.length]!, quantity: 1 });
/** Each connection adds to a new cart on every request (no cookie kept). */
const newCartsLoad = (origin: string, facts: ShopFacts) => ({ url: origin, connections: WRITE_CLIENTS, requests: [{ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, 0) }] });

/** Each connection fills a cart with 10 distinct lines, then starts a new cart (autocannon resets the context). */
const tenLinesLoad = (origin: string, facts: ShopFacts) => ({
  url: origin,
  connections: WRITE_CLIENTS,
  requests: facts.lines.map((_, i) => ({ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, i), captureCookie: i === 0, useCookie: i > 0 })),
});

export type CartAnswer = ReferenceWriteSpec['answer'];

/** The shop's answer to one add to a new cart, which the reference route answers with its ids replaced. */
export async function cartAnswer(origin: string, facts: ShopFacts): Promise<CartAnswer> {
  const first = await fetch(`${origin}/api/cart`, { method: 'POST', headers: JSON_BODY, body: addBody(facts, 0) });
  if (first.status !== 201) throw new Error(`POST /api/cart answered ${first.status}: ${await first.text()}`);
  return (await first.json()) as CartAnswer;
}

export interface WritesOverHttp {
  /** The shop's new-cart and ten-line loads of the median round, and its two reference runs as one. */
  newCarts: Measured;
  tenLines: Measured;
  reference: Measured;
  rounds: Array<Round<Measured> & { tenLines: Measured }>;
  note?: string;
}

/**
 * POST /api/cart on the shop (new carts, then ten lines a cart) and on the reference route
 * (bench/reference-write-server.ts), alternated in rounds (lib/rounds.ts), each run a process started
 * afresh on the shop's database (on PGlite one process at a time holds the data directory). Each shop
 * run is judged against the reference runs either side of it: the machine's pace moves CPU per request
 * as much as the rate, and minutes apart the two were measured at different paces.
 */
export async function writesOverHttp(run: BenchRun, build: string, target: Target, facts: ShopFacts, answer: CartAnswer): Promise<WritesOverHttp> {
  const spec: Omit<ReferenceWriteSpec, 'port'> = { target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) }, answer };
  const tenLinesOf = new Map<Measured, Measured>();
  const { rounds, median, note } = await inRounds(
    meanOfRuns,
    () => whileRunning(startBenchServer('bench/reference-write-server.ts', spec, '/api/cart'), ({ child, origin }) => load(run, newCartsLoad(origin, facts), child)),
    () =>
      whileRunning(startShop(build, target), async ({ child, origin }) => {
        const newCarts = await load(run, newCartsLoad(origin, facts), child);
        tenLinesOf.set(newCarts, await load(run, tenLinesLoad(origin, facts), child));
        return newCarts;
      }),
  );
  if (note) run.log(`POST /api/cart: ${note}`);
  return {
    newCarts: median.r,
    tenLines: tenLinesOf.get(median.r)!,
    reference: median.b,
    rounds: rounds.map((round) => ({ ...round, tenLines: tenLinesOf.get(round.r)! })),
    ...(note ? { note } : {}),
  };
}

async function whileRunning<T>(started: Promise<{ child: Child; origin: string }>, measure: (server: { child: Child; origin: string }) => Promise<T>): Promise<T> {
  const server = await started;
  try {
    return await measure(server);
  } finally {
    await server.child.stop();
  }
}

export async function dbBench(run: BenchRun, target: Target, mode: DbMode, facts: ShopFacts, groupSize?: number): Promise<DbBenchResult> {
  const spec: DbBenchSpec = {
    target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) },
    mode,
    clients: WRITE_CLIENTS,
    seconds: run.duration,
    warmup: run.warmup,
    productId: facts.lines[0]!.productId,
    variantId: facts.lines[0]!.variantId,
    ...(groupSize === undefined ? {} : { groupSize }),
  };
  return runJson<DbBenchResult>(process.execPath, tsxArgs('bench/db-bench.ts', [JSON.stringify(spec)]), { core: SERVER_CORE, timeoutMs: (run.duration + run.warmup) * 1000 + 120_000 });
}
