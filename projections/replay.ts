import pLimit from 'p-limit';
import { type Database, POOL_SIZE, type Queryable, SqlState, sqlStateOf } from '../db/database.ts';
import { headPosition } from '../eventstore/event-store.ts';
import { APPENDED_COLUMNS, type Projection, ident, renderSteps, stepsOf } from './projection.ts';

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

/** Scratch schemas are named with this prefix; one that a killed replay left behind is dropped by the next. */
const SCRATCH_PREFIX = 'dino_replay_';

/** The names of the replay scratch schemas that exist (committed) now, in name order. */
export async function scratchSchemas(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1) order by 1', [SCRATCH_PREFIX]);
  return rows.map((r) => r.name);
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
 *   built (a sort, not a million index inserts) and the copies analyzed.
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
export function replayProjections(db: Database, selected: readonly Projection[], options: ReplayOptions = {}): Promise<ReplayResult> {
  return oneAtATime(db, () => (db.kind === 'postgres' ? holdingReplayLock(db, () => replay(db, selected, options)) : replay(db, selected, options)));
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
  // of one projection are counted whole, grouping them by type cost a fifth more (on PGlite, where
  // the count cannot run beside the build, 2 % of a replay); those of several, per type.
  const byType = selected.length > 1;
  const perType = new Map<string, number>();
  const eventsOf = (projection: Projection) => (byType ? projection.eventTypes.reduce((sum, type) => sum + (perType.get(type) ?? 0), 0) : total);
  const start = async (q: Queryable, upTo: number) => {
    const { rows } = await q.query<{ type?: string; n: string | number }>(
      `select ${byType ? 'type, ' : ''}count(*) as n from events where position <= $1 and type = any($2)${byType ? ' group by type' : ''}`,
      [upTo, types],
    );
    for (const row of rows) if (row.type !== undefined) perType.set(row.type, Number(row.n));
    total = rows.reduce((sum, row) => sum + Number(row.n), 0);
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
    return { projections: selected.map((p) => p.name), events: processed, headPosition: head, seconds: (performance.now() - started) / 1000, strategy };
  };

  // Steps into empty tables name no unique key: a build that runs only those gives the copies every
  // index after their rows (a sort, not an index insert per row, and a fraction of the WAL). Steps
  // that upsert (in batches, or of a projection without such steps) need the keys first.
  const keysFirst = !(intoEmptyIn(options.batchSize) && selected.every((p) => p.stepsIntoEmpty !== undefined));
  const scratch = (options.strategy ?? 'swap') === 'swap' && tables.length > 0 ? await createScratch(db, tables, keysFirst) : undefined;
  if (!scratch) {
    return db.transaction(async (tx) => {
      const head = await fence(tx);
      await start(tx, head);
      for (const table of tables) await tx.query(`delete from ${ident(table)}`);
      await applyLog(tx, selected, { types, after: 0, upTo: head, events: async () => total, intoEmpty: true }, options.batchSize, progress);
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
      const sole = partitions.length === 1 ? projection.tables.filter((table) => selected.every((p) => p === projection || !p.tables.includes(table))) : [];
      // A share's statement does not count its events: each reports its part of its projection's.
      const part = (i: number) => async () => {
        await counted;
        const events = eventsOf(projection);
        return Math.floor((events * (i + 1)) / partitions.length) - Math.floor((events * i) / partitions.length);
      };
      return partitions.map((partition, i) =>
        build(async () => {
          if (failed) return;
          await db.transaction(async (tx) => {
            await scratch.route(tx);
            await scratch.empty(tx, sole);
            await applyLog(tx, [projection], { types: projection.eventTypes, after: 0, upTo: from, partition, events: part(i), intoEmpty: true }, options.batchSize, progress);
          }).catch((error: unknown) => {
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

interface LogRange {
  types: readonly string[];
  /** Positions after `after`, up to and including `upTo`. */
  after: number;
  upTo: number;
  /** Only events whose `key` hashes to share `index` of `of`. */
  partition?: { key: string; index: number; of: number } | undefined;
  /**
   * How many events the range holds, when the caller counts them (asked once the range is
   * applied): applied in one statement, the range is then not counted again, so `appended` is read
   * once by the steps (a relation the steps name once is not materialized, which costs a write and a
   * read of every event).
   */
  events?: () => Promise<number>;
  /** The tables hold none of the rows the range makes (fresh copies, or tables just emptied). */
  intoEmpty?: boolean;
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

/** Steps into empty tables apply a range only in one statement: in batches, a later batch meets the rows of earlier ones. */
const intoEmptyIn = (batchSize: number | undefined) => batchSize === undefined;

/** Applies the range of the log through the projections' steps, in one statement or in keyset batches; resolves to the events applied. */
async function applyLog(tx: Queryable, projections: readonly Projection[], range: LogRange, batchSize: number | undefined, onApplied: (n: number) => Promise<void>): Promise<number> {
  const { partition } = range;
  const share = partition ? `and (coalesce(hashtext(${partition.key}), 0) & 2147483647) % ${partition.of} = ${partition.index}` : '';
  const batched = batchSize !== undefined;
  const steps = stepsOf(projections, undefined, { intoEmpty: range.intoEmpty === true && intoEmptyIn(batchSize) });
  // Counted by the statement only when the caller has not counted the range: counting names
  // `appended` a second time, which makes PostgreSQL write the whole set out to read it twice.
  const known = batched ? undefined : range.events;
  let after = range.after;
  let applied = 0;
  for (;;) {
    const { rows } = await tx.query<{ last: string | number | null; n: string | number }>(
      `with appended as ${known === undefined ? 'materialized ' : ''}(
         select ${APPENDED_COLUMNS} from events where position > $1 and position <= $2 and type = any($3) ${share}
         ${batched ? 'order by position limit $4' : ''}
       ),
       ${renderSteps(steps)}
       ${known === undefined ? 'select max(position) as last, count(*) as n from appended' : 'select 1'}`,
      batched ? [after, range.upTo, range.types, batchSize] : [after, range.upTo, range.types],
    );
    const n = known === undefined ? Number(rows[0]?.n ?? 0) : await known();
    applied += n;
    await onApplied(n);
    if (!batched || n < batchSize) return applied;
    after = Number(rows[0]!.last);
  }
}

/** Waits for every one of `work` to settle, then throws the first failure, if any. */
async function settled(work: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const rejected = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** Runs `work` after every replay this process started on `db` before it has settled. */
const replaying = new WeakMap<Database, Promise<unknown>>();
function oneAtATime<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const next = (replaying.get(db) ?? Promise.resolve()).then(() => work());
  replaying.set(db, next.catch(() => undefined));
  return next;
}

/** Runs `work` holding a transaction-level advisory lock that every replay on this PostgreSQL takes. */
function holdingReplayLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (holder) => {
    await holder.query(`select pg_advisory_xact_lock(hashtext('dino_replay'))`);
    return work();
  });
}

interface IndexInfo {
  table: string;
  name: string;
  def: string;
  unique: boolean;
  constraint_name: string | null;
  constraint_type: string | null;
}

/**
 * Empty copies of `tables` (with their unique keys when `keysFirst`, else no index), in a scratch
 * schema created and committed here (every connection of the build writes them), or undefined when
 * the role may not create a schema.
 */
async function createScratch(db: Database, tables: readonly string[], keysFirst: boolean) {
  // Replays run one at a time, so a scratch schema that exists now was left by a killed one. One
  // this role may not drop is not ours to drop.
  for (const name of await scratchSchemas(db)) await db.query(`drop schema ${ident(name)} cascade`).catch(() => undefined);

  const schema = `${SCRATCH_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let created;
  try {
    created = await db.transaction(async (tx) => {
      await tx.query(`create schema ${ident(schema)}`);
      const { rows: located } = await tx.query<{ table: string; schema: string }>(
        `select c.relname as table, n.nspname as schema
         from unnest($1::text[]) as t(name) join pg_class c on c.oid = to_regclass(t.name) join pg_namespace n on n.oid = c.relnamespace`,
        [tables],
      );
      const home = new Map(located.map((r) => [r.table, r.schema]));
      for (const table of tables) {
        if (!home.has(table)) throw new Error(`replay: table ${table} does not exist`);
        // Columns, defaults, NOT NULL and CHECK constraints; indexes are copied below.
        await tx.query(`create table ${ident(schema)}.${ident(table)} (like ${ident(home.get(table)!)}.${ident(table)} including all excluding indexes)`);
      }
      const { rows: indexes } = await tx.query<IndexInfo>(
        `select t.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as def, x.indisunique as unique,
                c.conname as constraint_name, c.contype::text as constraint_type
         from pg_index x
         join pg_class t on t.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u')
         where x.indrelid = any($1::regclass[])
         order by t.relname, i.relname`,
        [tables.map((t) => `${ident(home.get(t)!)}.${ident(t)}`)],
      );
      // Unique indexes now when the build's steps upsert (their ON CONFLICT clauses name them); the
      // rest once the rows are in.
      const first = keysFirst ? indexes.filter((index) => index.unique) : [];
      for (const index of first) await copyIndex(tx, schema, index);
      const { rows: searchPath } = await tx.query<{ search_path: string }>('select current_setting($1) as search_path', ['search_path']);
      return { home, later: indexes.filter((index) => !first.includes(index)), original: searchPath[0]!.search_path };
    });
  } catch (error) {
    // Only a missing CREATE privilege means "replay in place"; anything else is a real failure.
    if (sqlStateOf(error) === SqlState.insufficientPrivilege) return undefined;
    throw error;
  }
  const { home, later, original } = created;

  return {
    /** Unqualified table names now resolve to the copies (this transaction only). */
    async route(tx: Queryable) {
      await tx.query('select set_config($1, $2, true)', ['search_path', `${ident(schema)}, ${original}`]);
    },
    /** Empties copies this transaction then writes alone (TRUNCATE gives them new, empty files). */
    async empty(tx: Queryable, names: readonly string[]) {
      if (names.length > 0) await tx.query(`truncate ${names.map((table) => `${ident(schema)}.${ident(table)}`).join(', ')}`);
    },
    async restoreRoute(tx: Queryable) {
      await tx.query('select set_config($1, $2, true)', ['search_path', original]);
    },
    /**
     * Builds the old tables' indexes that the copies lack, each in its own transaction through `run`
     * (on PostgreSQL, as many at once as the build has connections), then makes the unique ones the
     * copies' constraints and analyzes the copies. A constraint is attached after every build: it
     * locks its table against the builds of its other indexes.
     */
    async complete(run: <T>(work: () => Promise<T>) => Promise<T>) {
      // Every build settles before a failure is reported, as the shares do.
      await settled(
        later.map((index) =>
          run(() =>
            db.transaction(async (tx) => {
              // PostgreSQL: index builds sort in memory rather than in temporary files (this
              // transaction only). Not on PGlite, whose memory is the CLI process's own.
              if (db.kind === 'postgres') await tx.query("select set_config('maintenance_work_mem', '256MB', true)");
              await tx.query(copiedIndex(schema, index));
            }),
          ),
        ),
      );
      await db.transaction(async (tx) => {
        for (const index of later) if (index.constraint_name) await tx.query(attachedConstraint(schema, index));
      });
      await settled(tables.map((table) => run(() => db.query(`analyze ${ident(schema)}.${ident(table)}`))));
    },
    /** Drops the live tables and moves the copies in: readers wait for these few statements, then read the new tables. */
    async swapIn(tx: Queryable) {
      for (const table of tables) {
        await tx.query(`drop table ${ident(home.get(table)!)}.${ident(table)}`);
        await tx.query(`alter table ${ident(schema)}.${ident(table)} set schema ${ident(home.get(table)!)}`);
      }
      await tx.query(`drop schema ${ident(schema)}`);
    },
    async discard() {
      await db.query(`drop schema if exists ${ident(schema)} cascade`);
    },
  };
}

/** Builds `index` on the copy in `schema` and, for a key, makes it the copy's constraint. */
async function copyIndex(tx: Queryable, schema: string, index: IndexInfo) {
  await tx.query(copiedIndex(schema, index));
  if (index.constraint_name) await tx.query(attachedConstraint(schema, index));
}

/** "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING ..." → the same on the copy (an index lives in its table's schema). */
function copiedIndex(schema: string, index: IndexInfo): string {
  const match = /^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING .*)$/s.exec(index.def);
  if (!match) throw new Error(`replay: cannot rebuild index ${index.name}: ${index.def}`);
  return `${match[1]}${ident(schema)}.${ident(index.table)}${match[2]}`;
}

/** The copy's primary key or unique constraint over its built `index`, as the live table has it. */
function attachedConstraint(schema: string, index: IndexInfo): string {
  const kind = index.constraint_type === 'p' ? 'primary key' : 'unique';
  return `alter table ${ident(schema)}.${ident(index.table)} add constraint ${ident(index.constraint_name!)} ${kind} using index ${ident(index.name)}`;
}

/** Projections whose stored version differs from the code's: their read models must be rebuilt. */
export async function staleProjections(db: Queryable, all: readonly Projection[]): Promise<Projection[]> {
  const { rows } = await db.query<{ name: string; version: number }>('select name, version from projection_state');
  const stored = new Map(rows.map((r) => [r.name, r.version]));
  return all.filter((p) => stored.get(p.name) !== p.version);
}
