import { type Database, type Queryable, SqlState, sqlStateOf } from '../db/database.ts';
import { APPENDED_COLUMNS, type Projection, renderSteps, stepsOf } from './projection.ts';

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
   * Default: the whole log in one statement, the fastest.
   */
  batchSize?: number;
  onStart?: (total: number) => void;
  onProgress?: (progress: ReplayProgress) => void;
  /**
   * `swap` (default) needs the CREATE privilege on the database (for a scratch schema) and falls back
   * to `in-place` without it.
   */
  strategy?: ReplayStrategy;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rebuilds the selected projections' read models from the whole log, in one transaction, safely while
 * the shop serves:
 *
 * - The fence: the read-model tables are locked in SHARE ROW EXCLUSIVE mode first. Readers are not
 *   blocked (they keep reading the old rows); writers, i.e. inline projections running in an append's
 *   transaction, wait until the replay commits and then apply their event to the rebuilt rows. An
 *   append that wrote before the lock was granted has committed by then, so the replay reads its
 *   event. Either way no event is missed.
 * - The rebuild: the projections' own steps (the very SQL that appends run) over every event up to
 *   the head seen under the fence, as one set-based statement inside the database: no event
 *   travels to the process and back.
 * - The write (`swap`): into fresh copies of the tables (same columns, defaults, checks and unique
 *   keys) in a scratch schema, found by search_path so the steps' unqualified table names land
 *   there; the other indexes are built once the rows are in (a sort, not a million index inserts),
 *   the copies are analyzed, then the old tables are dropped and the copies moved in. Only that
 *   last step takes an exclusive lock, for milliseconds; readers queued behind it read the new
 *   tables. Against DELETE + INSERT this halves the work of the database and leaves no dead rows.
 *   Should a future migration make another object depend on a read-model table (a view, a foreign
 *   key), the DROP fails and the replay rolls back: nothing is lost.
 * - `in-place`: DELETE (never TRUNCATE, so readers keep the old rows under MVCC) and refill.
 */
export async function replayProjections(db: Database, selected: readonly Projection[], options: ReplayOptions = {}): Promise<ReplayResult> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    // In each projection's declared order, which is the order its inline writes lock them: taking
    // them in another order (say alphabetical) deadlocks with an append waiting between the two.
    const tables = [...new Set(selected.flatMap((p) => p.tables))];
    if (tables.length > 0) await tx.query(`lock table ${tables.map(ident).join(', ')} in share row exclusive mode`);

    const types = [...new Set(selected.flatMap((p) => p.eventTypes))];
    const { rows } = await tx.query<{ head: string | number; total: string | number }>(
      'select coalesce(max(position), 0) as head, count(*) filter (where type = any($1)) as total from events',
      [types],
    );
    const head = Number(rows[0]?.head ?? 0);
    const total = Number(rows[0]?.total ?? 0);
    options.onStart?.(total);

    const shadow = (options.strategy ?? 'swap') === 'swap' && tables.length > 0 ? await createShadowTables(tx, tables, db.kind === 'postgres') : undefined;
    if (!shadow) for (const table of tables) await tx.query(`delete from ${ident(table)}`);

    // The projections' own steps over the log up to the head: set-based, inside the database.
    const batched = options.batchSize !== undefined;
    const steps = renderSteps(stepsOf(selected));
    const project = async () => {
      let after = 0;
      let processed = 0;
      for (;;) {
        const { rows: done } = await tx.query<{ last: string | number | null; n: string | number }>(
          `with appended as materialized (
             select ${APPENDED_COLUMNS} from events where position > $1 and position <= $2 and type = any($3)
             ${batched ? 'order by position limit $4' : ''}
           ),
           ${steps}
           select max(position) as last, count(*) as n from appended`,
          batched ? [after, head, types, options.batchSize] : [after, head, types],
        );
        const n = Number(done[0]?.n ?? 0);
        processed += n;
        if (n > 0) options.onProgress?.({ processed, total });
        if (!batched || n < options.batchSize!) return processed;
        after = Number(done[0]!.last);
      }
    };
    let processed: number;
    if (shadow) {
      await shadow.route();
      processed = await project();
      await shadow.restoreRoute();
      await shadow.swapIn();
    } else {
      processed = await project();
    }

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
      strategy: shadow ? 'swap' : 'in-place',
    };
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
 * Empty copies of `tables` in a scratch schema, or undefined when the role may not create a schema
 * (the transaction is left usable: the attempt runs under a savepoint).
 */
async function createShadowTables(tx: Queryable, tables: readonly string[], server: boolean) {
  const schema = `dino_replay_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await tx.query('savepoint dino_replay_schema');
  try {
    await tx.query(`create schema ${ident(schema)}`);
    await tx.query('release savepoint dino_replay_schema');
  } catch (error) {
    await tx.query('rollback to savepoint dino_replay_schema');
    // Only a missing CREATE privilege means "replay in place"; anything else is a real failure.
    if (sqlStateOf(error) === SqlState.insufficientPrivilege) return undefined;
    throw error;
  }
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
  const copyIndex = async (index: IndexInfo) => {
    // "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING ..." → the same on the copy (an index lives in its table's schema).
    const match = /^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING .*)$/s.exec(index.def);
    if (!match) throw new Error(`replay: cannot rebuild index ${index.name}: ${index.def}`);
    await tx.query(`${match[1]}${ident(schema)}.${ident(index.table)}${match[2]}`);
    if (index.constraint_name) {
      const kind = index.constraint_type === 'p' ? 'primary key' : 'unique';
      await tx.query(`alter table ${ident(schema)}.${ident(index.table)} add constraint ${ident(index.constraint_name)} ${kind} using index ${ident(index.name)}`);
    }
  };
  // Unique indexes now: the projection steps' ON CONFLICT clauses name them. The others once the
  // rows are in (a sort, not an index insert per row).
  for (const index of indexes) if (index.unique) await copyIndex(index);

  const { rows: searchPath } = await tx.query<{ search_path: string }>('select current_setting($1) as search_path', ['search_path']);
  const original = searchPath[0]!.search_path;

  return {
    /** Unqualified table names now resolve to the copies. */
    async route() {
      await tx.query('select set_config($1, $2, true)', ['search_path', `${ident(schema)}, ${original}`]);
    },
    async restoreRoute() {
      await tx.query('select set_config($1, $2, true)', ['search_path', original]);
    },
    /** Builds the old tables' other indexes on the copies, analyzes them, and swaps them in. */
    async swapIn() {
      // PostgreSQL: index builds sort in memory rather than in temporary files (this transaction
      // only). Not on PGlite, whose memory is the CLI process's own.
      if (server) await tx.query("select set_config('maintenance_work_mem', '256MB', true)");
      for (const index of indexes) if (!index.unique) await copyIndex(index);
      for (const table of tables) await tx.query(`analyze ${ident(schema)}.${ident(table)}`);
      // The only exclusive moment: readers wait for these few statements, then read the new tables.
      for (const table of tables) {
        await tx.query(`drop table ${ident(home.get(table)!)}.${ident(table)}`);
        await tx.query(`alter table ${ident(schema)}.${ident(table)} set schema ${ident(home.get(table)!)}`);
      }
      await tx.query(`drop schema ${ident(schema)}`);
    },
  };
}

/** Projections whose stored version differs from the code's: their read models must be rebuilt. */
export async function staleProjections(db: Queryable, all: readonly Projection[]): Promise<Projection[]> {
  const { rows } = await db.query<{ name: string; version: number }>('select name, version from projection_state');
  const stored = new Map(rows.map((r) => [r.name, r.version]));
  return all.filter((p) => stored.get(p.name) !== p.version);
}
