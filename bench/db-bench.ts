/**
 * Store-level write benchmarks, run as their own process on the server core (bench/run.ts pins it):
 *   node --import tsx bench/db-bench.ts '<json spec>'
 * spec: { target: { databaseUrl?, dataDir }, mode, clients, seconds, warmup }
 *   raw-insert      one single-row INSERT per operation (autocommit) into a table shaped like `events`
 *                   (same columns, defaults, unique (stream_id, version) and indexes): the ceiling
 *   append          an ItemAdded to a new cart stream, appended as the cart service appends it
 *                   (groupedAppendWithProjections: the appends in flight together share one statement
 *                   of version checks, inserts and the projections' CTEs)
 *   append-one-by-one  the same, each append its own statement (appendWithProjections): what grouping saves
 * `clients` concurrent workers (a pg pool of that size; on PGlite they queue on its one connection).
 * Prints one JSON line: { ops, seconds, opsPerSecond, p50Ms, p99Ms }.
 */
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '../db/connect.ts';
import { connectPostgres } from '../db/postgres.ts';
import type { Database } from '../db/database.ts';
import { appendWithProjections, groupedAppendWithProjections } from '../projections/registry.ts';
import { cartStreamId } from '../domain/cart/cart.events.ts';

export type DbMode = 'raw-insert' | 'append' | 'append-one-by-one';

export interface DbBenchSpec {
  /** `durable: false` is PGLITE_SYNC=off (no fsync per commit). */
  target: { databaseUrl?: string; dataDir: string; durable?: boolean };
  mode: DbMode;
  clients: number;
  seconds: number;
  warmup: number;
  /** A real product/variant pair, so the projected line is what the API would write. */
  productId: number;
  variantId: number;
}

export interface DbBenchResult {
  mode: DbMode;
  ops: number;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const RAW_TABLE = 'bench_raw_events';

function itemAdded(spec: DbBenchSpec) {
  return {
    type: 'ItemAdded',
    data: { schemaVersion: 1, lineId: randomUUID(), productId: spec.productId, variantId: spec.variantId, quantity: 1, at: new Date().toISOString() },
  };
}

export async function dbBench(spec: DbBenchSpec): Promise<DbBenchResult> {
  const db: Database = spec.target.databaseUrl ? connectPostgres(spec.target.databaseUrl, { max: spec.clients }) : await connectDatabase(spec.target);
  try {
    if (spec.mode === 'raw-insert') {
      await db.exec(`drop table if exists ${RAW_TABLE}; create table ${RAW_TABLE} (like events including defaults including constraints including indexes)`);
    }
    const append = spec.mode === 'append' ? groupedAppendWithProjections(db) : appendWithProjections;
    const operation = async () => {
      const event = itemAdded(spec);
      if (spec.mode === 'raw-insert') {
        await db.query(`insert into ${RAW_TABLE} (stream_id, version, type, data, metadata) values ($1, 1, $2, $3, '{}')`, [
          cartStreamId(randomUUID()),
          event.type,
          JSON.stringify(event.data),
        ]);
        return;
      }
      await append(db, cartStreamId(randomUUID()), 0, [event]);
    };

    const runFor = async (seconds: number, record: boolean) => {
      const latencies: number[] = [];
      const end = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          await operation();
          if (record) latencies.push(performance.now() - t0);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: spec.clients }, worker));
      return { latencies, elapsed: (performance.now() - t0) / 1000 };
    };

    if (spec.warmup > 0) await runFor(spec.warmup, false);
    const { latencies, elapsed } = await runFor(spec.seconds, true);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    if (spec.mode === 'raw-insert') await db.exec(`drop table if exists ${RAW_TABLE}`);
    return { mode: spec.mode, ops: latencies.length, seconds: elapsed, opsPerSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) };
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await dbBench(JSON.parse(process.argv[2] ?? '') as DbBenchSpec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
