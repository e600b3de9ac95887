import type { DbBenchResult, DbBenchSpec, DbMode } from '../db-bench.ts';
import type { ReferenceWriteSpec } from '../reference-write-server.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { type Child, SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { type Measured, type Target, load, startBenchServer } from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

/** The cart writes: over HTTP on the shop, on the reference route, and at the store (bench/db-bench.ts). */

const JSON_BODY = { 'content-type': 'application/json' };
const addBody = (facts: ShopFacts, i: number) => JSON.stringify({ ...facts.lines[i % facts.lines.length]!, quantity: 1 });
/** Each connection adds to a new cart on every request (no cookie kept). */
const newCartsLoad = (origin: string, facts: ShopFacts) => ({ url: origin, connections: WRITE_CLIENTS, requests: [{ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, 0) }] });

export async function writesOverHttp(run: BenchRun, shop: Child, origin: string, facts: ShopFacts): Promise<{ newCarts: Measured; tenLines: Measured; answer: ReferenceWriteSpec['answer'] }> {
  const first = await fetch(`${origin}/api/cart`, { method: 'POST', headers: JSON_BODY, body: addBody(facts, 0) });
  if (first.status !== 201) throw new Error(`POST /api/cart answered ${first.status}: ${await first.text()}`);
  const answer = (await first.json()) as ReferenceWriteSpec['answer'];
  const newCarts = await load(run, newCartsLoad(origin, facts), shop);
  // Each connection fills a cart with 10 distinct lines, then starts a new cart (autocannon resets the context).
  const tenLines = await load(run, {
    url: origin,
    connections: WRITE_CLIENTS,
    requests: facts.lines.map((_, i) => ({ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, i), captureCookie: i === 0, useCookie: i > 0 })),
  }, shop);
  return { newCarts, tenLines, answer };
}

/** The new-cart load on the reference route (bench/reference-write-server.ts), on the shop's database. */
export async function referenceWrites(run: BenchRun, target: Target, facts: ShopFacts, answer: ReferenceWriteSpec['answer']): Promise<Measured> {
  const spec: Omit<ReferenceWriteSpec, 'port'> = { target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) }, answer };
  const { child, origin } = await startBenchServer('bench/reference-write-server.ts', spec, '/api/cart');
  try {
    return await load(run, newCartsLoad(origin, facts), child);
  } finally {
    await child.stop();
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
