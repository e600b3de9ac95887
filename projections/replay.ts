import pLimit from 'p-limit';
import { type Database, POOL_SIZE, type Queryable } from '../db/database.ts';
import { headPosition } from '../eventstore/log-reads.ts';
import { type Projection, ident } from '../eventstore/projection.ts';
import { type LogRange, applyLog, intoEmptyIn } from './replay-log.ts';
import { createScratch } from './replay-scratch.ts';
import { settled } from './settle-all.ts';

export interface ReplayProgress {
  processed: number;
  total: number;
}

export interface ReplayResult {
  projections: string[];
  events: number;
  headPosition: number;
  seconds: number;
  /** `swap`: built in fresh tables and swapped in; `in-place`: emptied with DELETE and refilled. */
  strategy: ReplayStrategy;
}

export type ReplayStrategy = 'swap' | 'in-place';

export interface ReplayOptions {
  /**
   * Apply the log in keyset batches of this many events (a statement and a progress report each).
   * Default: each share of the log in one statement, the fastest.
   */
  batchSize?: number;
  onStart?: (total: number) => void;
  /** Called after each statement; the replay waits for what it returns. */
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  /**
   * `swap` (default) needs the CREATE privilege on the database (for a scratch schema) and falls back
   * to `in-place` without it.
   */
  strategy?: ReplayStrategy;
  /**
   * PostgreSQL: how many connections build the copies at once (default 2), each a share of a
   * projection's rows (see `Projection.partitionKey`). PGlite has one connection.
   */
  jobs?: number;
}

/**
 * Rebuilds the selected projections' read models from the whole log, safely while the shop serves,
 * with appends held up only for the catch-up at the end:
 *
 * - The build (`swap`): into fresh copies of the tables (same columns, defaults and checks) in a
 *   scratch schema, found by search_path so the steps' unqualified table names land there. The
 *   projections' own steps (the very SQL that appends run) fold the log up to a position `from`,
 *   set-based, inside the database: no event travels to the process and back. On PostgreSQL
 *   several connections build at once, each a share of a projection's rows. Meanwhile appends
 *   write the live tables and readers read them. Then the indexes and keys the copies lack are
 *   built (a sort, not an index insert per row) and the copies analyzed.
 * - The fence, twice: the live tables locked in SHARE ROW EXCLUSIVE mode, which waits for every
 *   append writing them (an inline projection runs in its append's statement, which locks the
 *   tables before it takes a position) and holds off the next. First for a moment, to read `from`:
 *   every event of these types up to it has committed, and every later one has a later position.
 *   Then, in the last transaction, to apply the events after `from` to the copies, drop the live
 *   tables and move the copies in. Readers are blocked only by that drop, for milliseconds, and
 *   then read the new tables; appends that waited apply their events to them.
 * - Replays run one at a time (in the process, and on PostgreSQL across processes by an advisory
 *   lock), so a scratch schema found at the start was left by a killed replay and is dropped.
 *   A replay that fails drops its own; the live tables are untouched until the last commit.
 *   Should a future migration make another object depend on a read-model table (a view, a foreign
 *   key), the DROP fails and that transaction rolls back: nothing is lost.
 * - `in-place` (no CREATE privilege): one transaction under the fence: DELETE (never TRUNCATE, so
 *   readers keep the old rows under MVCC) and refill.
 */
export function replayProjections(
  db: Database,
  selected: readonly Projection[],
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  return oneAtATime(db, () =>
    db.kind === 'postgres' ? holdingReplayLock(db, () => replay(db, selected, options)) : replay(db, selected, options),
  );
}

async function replay(db: Database, selected: readonly Projection[], options: ReplayOptions): Promise<ReplayResult> {
  const started = performance.now();
  // In each projection's declared order, which is the order its inline writes lock them: taking
  // them in another order (say alphabetical) deadlocks with an append waiting between the two.
  const tables = [...new Set(selected.flatMap((p) => p.tables))];
  const types = [...new Set(selected.flatMap((p) => p.eventTypes))];
  const fence = async (tx: Queryable) => {
    if (tables.length > 0) await tx.query(`lock table ${tables.map(ident).join(', ')} in share row exclusive mode`);
    return headPosition(tx);
  };
  let total = 0;
  let processed = 0;
  const progress = async (n: number) => {
    processed += n;
    if (n > 0) await options.onProgress?.({ processed, total: Math.max(total, processed) });
  };
  // The events up to the head the build reads, per projection: the progress total, and what each
  // projection's build applies (a build in one statement does not count its events again). Those
  // of one projection are counted whole (grouping them by type costs more, and on PGlite the count
  // cannot run beside the build); those of several, per type.
  const byType = selected.length > 1;
  const perType = new Map<string, number>();
  const eventsOf = (projection: Projection) =>
    byType ? projection.eventTypes.reduce((sum, type) => sum + (perType.get(type) ?? 0), 0) : total;
  const start = async (q: Queryable, upTo: number) => {
    const { rows } = await q.query<{ type?: string; n: string | number }>(
      `select ${byType ? 'type, ' : ''}count(*) as n from events where position <= $1 and type = any($2)${byType ? ' group by type' : ''}`,
      [upTo, types],
    );
    for (const row of rows) if (row.type !== undefined) perType.set(row.type, Number(row.n));
    // An event that several projections apply (an order moves stock too) counts once for each.
    total = byType
      ? selected.reduce((sum, projection) => sum + eventsOf(projection), 0)
      : rows.reduce((sum, row) => sum + Number(row.n), 0);
    options.onStart?.(total);
  };
  const finish = async (tx: Queryable, head: number, strategy: ReplayStrategy): Promise<ReplayResult> => {
    for (const projection of selected) {
      await tx.query(
        `insert into projection_state (name, version, position, replayed_at) values ($1, $2, $3, now())
         on conflict (name) do update set version = excluded.version, position = excluded.position, replayed_at = excluded.replayed_at`,
        [projection.name, projection.version, head],
      );
    }
    return {
      projections: selected.map((p) => p.name),
      events: processed,
      headPosition: head,
      seconds: (performance.now() - started) / 1000,
      strategy,
    };
  };

  // Steps into empty tables name no unique key: a build that runs only those gives the copies every
  // index after their rows (a sort, not an index insert per row, and a fraction of the WAL). Steps
  // that upsert (in batches, or of a projection without such steps) need the keys first.
  const keysFirst = !(intoEmptyIn(options.batchSize) && selected.every((p) => p.stepsIntoEmpty !== undefined));
  const scratch =
    (options.strategy ?? 'swap') === 'swap' && tables.length > 0
      ? await createScratch(db, tables, keysFirst)
      : undefined;
  if (!scratch) {
    return db.transaction(async (tx) => {
      const head = await fence(tx);
      await start(tx, head);
      for (const table of tables) await tx.query(`delete from ${ident(table)}`);
      await applyLog(
        tx,
        selected,
        { types, after: 0, upTo: head, events: async () => total, intoEmpty: true },
        options.batchSize,
        progress,
      );
      return finish(tx, head, 'in-place');
    });
  }
  try {
    const from = await db.transaction(fence);
    // Counted beside the build (on PostgreSQL on a connection of its own): a share waits for the
    // count only to report its progress, once its statement is done.
    const counted = start(db, from);
    counted.catch(() => {});
    const build = pLimit(db.kind === 'postgres' ? Math.min(MAX_REPLAY_JOBS, Math.max(1, options.jobs ?? 2)) : 1);
    let failed = false;
    const shares = selected.flatMap((projection) => {
      const partitions = partitionsOf(projection, build.concurrency);
      // A copy that one share alone writes is emptied in that share's transaction: with wal_level
      // minimal (PGlite's), rows written into a table emptied in the same transaction skip the WAL.
      const sole =
        partitions.length === 1
          ? projection.tables.filter((table) => selected.every((p) => p === projection || !p.tables.includes(table)))
          : [];
      // A share's statement does not count its events: each reports its part of its projection's.
      const part = (i: number) => async () => {
        await counted;
        const events = eventsOf(projection);
        return Math.floor((events * (i + 1)) / partitions.length) - Math.floor((events * i) / partitions.length);
      };
      return partitions.map((partition, i) =>
        build(async () => {
          if (failed) return;
          await db
            .transaction(async (tx) => {
              await scratch.route(tx);
              await scratch.empty(tx, sole);
              await applyLog(
                tx,
                [projection],
                { types: projection.eventTypes, after: 0, upTo: from, partition, events: part(i), intoEmpty: true },
                options.batchSize,
                progress,
              );
            })
            .catch((error: unknown) => {
              failed = true;
              throw error;
            });
        }),
      );
    });
    // Every share settles before a failure is reported (the scratch schema is dropped after its last
    // writer); shares not yet started by then are skipped.
    await settled([counted, ...shares]);
    await scratch.complete(build);
    return await db.transaction(async (tx) => {
      const head = await fence(tx);
      await scratch.route(tx);
      await applyLog(tx, selected, { types, after: from, upTo: head }, options.batchSize, progress);
      await scratch.restoreRoute(tx);
      await scratch.swapIn(tx);
      return finish(tx, head, 'swap');
    });
  } catch (error) {
    await scratch.discard().catch(() => undefined);
    throw error;
  }
}

/**
 * The most connections a replay builds with: each holds one of the pool's for the whole build, and
 * one more counts the events beside them; more would only wait for a connection.
 */
export const MAX_REPLAY_JOBS = POOL_SIZE - 1;

/** The shares a replay with `jobs` connections builds a projection in: one unless it declares a partition key. */
function partitionsOf(projection: Projection, jobs: number): Array<LogRange['partition']> {
  const key = projection.partitionKey;
  if (!key || jobs < 2) return [undefined];
  return Array.from({ length: jobs }, (_, index) => ({ key, index, of: jobs }));
}

/** Runs `work` after every replay this process started on `db` before it has settled. */
const replaying = new WeakMap<Database, Promise<unknown>>();
function oneAtATime<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const next = (replaying.get(db) ?? Promise.resolve()).then(() => work());
  replaying.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/** Runs `work` holding a transaction-level advisory lock that every replay on this PostgreSQL takes. */
function holdingReplayLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (holder) => {
    await holder.query(`select pg_advisory_xact_lock(hashtext('dino_replay'))`);
    return work();
  });
}

/** Projections whose stored version differs from the code's: their read models must be rebuilt. */
export async function staleProjections(db: Queryable, all: readonly Projection[]): Promise<Projection[]> {
  const { rows } = await db.query<{ name: string; version: number }>('select name, version from projection_state');
  const stored = new Map(rows.map((r) => [r.name, r.version]));
  return all.filter((p) => stored.get(p.name) !== p.version);
}
