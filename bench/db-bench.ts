/**
 * Store-level write benchmarks, run as their own process on the server core (bench/run.ts pins it):
 *   node --import tsx bench/db-bench.ts '<json spec>'
 * spec: { target: { databaseUrl?, dataDir }, mode, clients, seconds, warmup }
 *   raw-insert      one single-row INSERT per operation (autocommit, a named prepared statement, as the
 *                   shop's appends are) into a table shaped like `events` (same columns, defaults, unique
 *                   (stream_id, version) and indexes): the ungrouped ceiling
 *   raw-insert-grouped  the same rows `groupSize` at a time, one multi-row INSERT (prepared) per group:
 *                   `clients` callers make clients / groupSize statements in flight, each caller's row
 *                   committed with its group's; ops are rows. The ceiling of a grouped append
 *   facts           no load: the shop's mean group size (ItemAdded events per transaction, by xmin, of
 *                   what the shop wrote before, outside `windows`), the events and transactions of
 *                   each of `windows`, and the database's durability settings
 *   append          an ItemAdded to a new cart stream, appended as the cart service appends it
 *                   (groupedAppends: the appends in flight together share one statement
 *                   of version checks, inserts and the projections' CTEs)
 *   append-one-by-one  the same, each append its own statement (appendEvents): what grouping saves
 * `clients` concurrent workers (a pg pool of that size; on PGlite they queue on its one connection).
 * Prints one JSON line: { ops, seconds, opsPerSecond, p50Ms, p99Ms, cpuMsPerOp, settings, groupSize? }.
 * cpuMsPerOp is this process's CPU: on PGlite the database's too, on PostgreSQL not the server's.
 */
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '../db/connect.ts';
import { connectPostgres } from '../db/postgres.ts';
import type { Database } from '../db/database.ts';
import { appendEvents, groupedAppends } from '../eventstore/store.ts';
import { projections } from '../projections/registry.ts';
import { cartStreamId } from '../domain/cart/cart.events.ts';

export type DbMode = 'raw-insert' | 'raw-insert-grouped' | 'append' | 'append-one-by-one' | 'facts';

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
  /** raw-insert-grouped: rows per INSERT. */
  groupSize?: number;
  /** facts: spans of time (ISO) whose ItemAdded events are counted apart, and left out of the mean group. */
  windows?: Array<{ from: string; to: string }>;
}

/** What decides the cost of a commit. */
export interface DurabilitySettings {
  fsync: string;
  synchronous_commit: string;
  wal_sync_method: string;
}

export interface DbBenchResult {
  mode: DbMode;
  ops: number;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU of this process (user + system) per operation over the measured run. */
  cpuMsPerOp: number;
  settings: DurabilitySettings;
  /**
   * facts: ItemAdded events per statement (transaction) among those already in the log; grouped: rows per
   * INSERT; append modes: appends per statement over the measured run.
   */
  groupSize?: number;
  /** Connections (statements in flight at most). */
  connections: number;
  /** facts: each window's ItemAdded events and the transactions (statements) that wrote them. */
  windows?: Array<{ events: number; groups: number }>;
}

const RAW_TABLE = 'bench_raw_events';

function itemAdded(spec: DbBenchSpec) {
  return {
    type: 'ItemAdded',
    data: {
      schemaVersion: 1,
      lineId: randomUUID(),
      productId: spec.productId,
      variantId: spec.variantId,
      quantity: 1,
      at: new Date().toISOString(),
    },
  };
}

async function settingsOf(db: Database): Promise<DurabilitySettings> {
  const { rows } = await db.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method')`,
  );
  const of = (name: string) => rows.find((r) => r.name === name)?.setting ?? '?';
  return { fsync: of('fsync'), synchronous_commit: of('synchronous_commit'), wal_sync_method: of('wal_sync_method') };
}

/** The metadata of the reference route's events (reference-write-server.ts), which share the shop's log. */
export const REFERENCE_MARK = { bench: 'reference route' };

/**
 * Rows written by one statement share its transaction's xmin: events per distinct xmin is the mean
 * group, over the shop's own appends (not the reference route's) outside `windows` (a run at a low
 * offered rate groups less than the closed-loop loads that set the grouped baseline).
 */
async function meanGroupSize(db: Database, windows: NonNullable<DbBenchSpec['windows']>): Promise<number> {
  const { rows } = await db.query<{ events: string; groups: string }>(
    `select count(*) as events, count(distinct xmin::text) as groups from events
     where type = 'ItemAdded' and not metadata @> $1::jsonb
       and not exists (select 1 from jsonb_to_recordset($2::jsonb) as w("from" timestamptz, "to" timestamptz) where created_at between w."from" and w."to")`,
    [JSON.stringify(REFERENCE_MARK), JSON.stringify(windows)],
  );
  return meanGroup({ events: Number(rows[0]!.events), groups: Number(rows[0]!.groups) });
}

/** Events per statement that wrote them (1 when none were written). */
export const meanGroup = ({ events, groups }: { events: number; groups: number }) =>
  groups === 0 ? 1 : events / groups;

/** Each window's ItemAdded events and the transactions that wrote them (`created_at` is its transaction's start). */
async function windowGroups(
  db: Database,
  windows: NonNullable<DbBenchSpec['windows']>,
): Promise<Array<{ events: number; groups: number }>> {
  const counts = [];
  for (const { from, to } of windows) {
    const { rows } = await db.query<{ events: string; groups: string }>(
      `select count(*) as events, count(distinct xmin::text) as groups from events where type = 'ItemAdded' and created_at between $1 and $2`,
      [from, to],
    );
    counts.push({ events: Number(rows[0]!.events), groups: Number(rows[0]!.groups) });
  }
  return counts;
}

export async function dbBench(spec: DbBenchSpec): Promise<DbBenchResult> {
  const groupSize = spec.mode === 'raw-insert-grouped' ? Math.max(1, Math.round(spec.groupSize ?? 1)) : 1;
  const connections = Math.max(1, Math.round(spec.clients / groupSize));
  const db: Database = spec.target.databaseUrl
    ? connectPostgres(spec.target.databaseUrl, { max: connections })
    : await connectDatabase(spec.target);
  try {
    const settings = await settingsOf(db);
    if (spec.mode === 'facts') {
      const windows = spec.windows ?? [];
      return {
        mode: spec.mode,
        ops: 0,
        seconds: 0,
        opsPerSecond: 0,
        p50Ms: 0,
        p99Ms: 0,
        cpuMsPerOp: 0,
        settings,
        groupSize: await meanGroupSize(db, windows),
        connections: 0,
        windows: await windowGroups(db, windows),
      };
    }
    const raw = spec.mode === 'raw-insert' || spec.mode === 'raw-insert-grouped';
    if (raw) {
      await db.exec(
        `drop table if exists ${RAW_TABLE}; create table ${RAW_TABLE} (like events including defaults including constraints including indexes)`,
      );
    }
    const values = Array.from(
      { length: groupSize },
      (_, i) => `($${i * 3 + 1}, 1, $${i * 3 + 2}, $${i * 3 + 3}, '{}')`,
    ).join(', ');
    const insert = `insert into ${RAW_TABLE} (stream_id, version, type, data, metadata) values ${values}`;
    const append =
      spec.mode === 'append'
        ? groupedAppends(db, projections)
        : (streamId: string, expectedVersion: number, events: Parameters<typeof appendEvents>[4]) =>
            appendEvents(db, projections, streamId, expectedVersion, events);
    const operation = async () => {
      if (raw) {
        const params: unknown[] = [];
        for (let i = 0; i < groupSize; i++) {
          const event = itemAdded(spec);
          params.push(cartStreamId(randomUUID()), event.type, JSON.stringify(event.data));
        }
        await db.query(insert, params, { prepare: true });
        return;
      }
      await append(cartStreamId(randomUUID()), 0, [itemAdded(spec)]);
    };

    // Grouped: `connections` workers, each operation `groupSize` rows (each row's latency is its statement's).
    const workers = raw && groupSize > 1 ? connections : spec.clients;
    const runFor = async (seconds: number, record: boolean) => {
      const latencies: number[] = [];
      const end = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          await operation();
          if (record) for (let i = 0; i < groupSize; i++) latencies.push(performance.now() - t0);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: workers }, worker));
      return { latencies, elapsed: (performance.now() - t0) / 1000 };
    };

    if (spec.warmup > 0) await runFor(spec.warmup, false);
    const from = new Date().toISOString();
    const cpu0 = process.cpuUsage();
    const { latencies, elapsed } = await runFor(spec.seconds, true);
    const cpu = process.cpuUsage(cpu0);
    // An append's own group (appends per statement over the measured run), for a baseline of the same shape.
    const [own] = raw ? [] : await windowGroups(db, [{ from, to: new Date().toISOString() }]);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    if (raw) await db.exec(`drop table if exists ${RAW_TABLE}`);
    const ops = latencies.length;
    return {
      mode: spec.mode,
      ops,
      seconds: elapsed,
      opsPerSecond: ops / elapsed,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      cpuMsPerOp: ops ? (cpu.user + cpu.system) / 1000 / ops : 0,
      settings,
      ...(own ? { groupSize: meanGroup(own) } : groupSize > 1 ? { groupSize } : {}),
      connections: workers,
    };
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await dbBench(JSON.parse(process.argv[2] ?? '') as DbBenchSpec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
