/**
 * What fsync per commit costs on PGlite: the cart service's append (appends in flight together share
 * one statement of version checks, inserts and projections, so one commit) with PGLITE_SYNC=on (the
 * default) and off, each on a fresh copy of a seeded data directory, 16 clients, after a warm-up.
 * The `durability` scenario of `npm run bench`; on its own, `npx tsx bench/pglite-durability.ts`
 * prints one JSON line per setting and the ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareDatabase } from '../server/prepare-database.ts';
import { connectDatabase } from '../db/connect.ts';
import { catalogue } from '../seed/catalogue.data.ts';
import { type DbBenchResult, dbBench } from './db-bench.ts';

const product = catalogue.products[0]!;

async function measure(durable: boolean, seconds: number): Promise<DbBenchResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-bench-sync-'));
  try {
    const db = await connectDatabase({ dataDir, durable });
    await prepareDatabase(db, () => {});
    await db.close();
    return await dbBench({
      target: { dataDir, durable },
      mode: 'append',
      clients: 16,
      seconds,
      warmup: 2,
      productId: product.id,
      variantId: product.variants[0]!.id,
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The append with fsync on (what the shop runs) and, as its baseline, with fsync off, in one run. */
export async function measureDurabilityCost(seconds: number): Promise<{ on: DbBenchResult; off: DbBenchResult }> {
  return { on: await measure(true, seconds), off: await measure(false, seconds) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { on, off } = await measureDurabilityCost(Number(process.env.BENCH_SECONDS ?? 8));
  for (const [setting, result] of [
    ['PGLITE_SYNC=on', on],
    ['PGLITE_SYNC=off', off],
  ] as const) {
    process.stdout.write(
      `${JSON.stringify({ setting, appendsPerSecond: Math.round(result.opsPerSecond), p50Ms: +result.p50Ms.toFixed(2), p99Ms: +result.p99Ms.toFixed(2) })}\n`,
    );
  }
  process.stdout.write(
    `${JSON.stringify({ fsyncCost: `${(on.opsPerSecond / off.opsPerSecond).toFixed(2)} x the appends/s of PGLITE_SYNC=off` })}\n`,
  );
}
