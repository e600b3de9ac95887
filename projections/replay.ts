import type { Database, Queryable } from '../db/database.ts';
import { readAllForFold } from '../eventstore/event-store.ts';
import type { Projection } from './projection.ts';

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
 * - The read: keyset batches by position up to the head seen under the fence, only the columns a
 *   fold needs, folded in memory.
 * - The write (`swap`): into fresh copies of the tables (same columns, defaults and checks) in a
 *   scratch schema, found by search_path so the projections' unqualified `unnest` inserts land
 *   there; indexes and keys are built once the rows are in (a sort, not a million index inserts),
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

    const rebuilds = selected.map((p) => ({ types: new Set(p.eventTypes), rebuild: p.createRebuild() }));
    let processed = 0;
    for await (const batch of readAllForFold(tx, { types, until: head, batchSize: options.batchSize ?? 10_000 })) {
      for (const { types: own, rebuild } of rebuilds) rebuild.fold(rebuilds.length === 1 ? batch : batch.filter((e) => own.has(e.type)));
      processed += batch.length;
      options.onProgress?.({ processed, total });
    }

    if (shadow) {
      await shadow.route();
      for (const { rebuild } of rebuilds) await rebuild.write(tx);
      await shadow.restoreRoute();
      await shadow.swapIn();
    } else {
      for (const { rebuild } of rebuilds) await rebuild.write(tx);
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
  } catch {
    await tx.query('rollback to savepoint dino_replay_schema');
    return undefined;
  }
  const { rows: located } = await tx.query<{ table: string; schema: string }>(
    `select c.relname as table, n.nspname as schema
     from unnest($1::text[]) as t(name) join pg_class c on c.oid = to_regclass(t.name) join pg_namespace n on n.oid = c.relnamespace`,
    [tables],
  );
  const home = new Map(located.map((r) => [r.table, r.schema]));
  for (const table of tables) {
    if (!home.has(table)) throw new Error(`replay: table ${table} does not exist`);
    // Columns, defaults, NOT NULL and CHECK constraints now; indexes (and the keys they back) after the load.
    await tx.query(`create table ${ident(schema)}.${ident(table)} (like ${ident(home.get(table)!)}.${ident(table)} including all excluding indexes)`);
  }
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
    /** Builds the old tables' indexes and keys on the copies, analyzes them, and swaps them in. */
    async swapIn() {
      // PostgreSQL: index builds sort in memory rather than in temporary files (this transaction
      // only). Not on PGlite, whose memory is the CLI process's own.
      if (server) await tx.query("select set_config('maintenance_work_mem', '256MB', true)");
      const { rows: indexes } = await tx.query<IndexInfo>(
        `select t.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as def,
                c.conname as constraint_name, c.contype::text as constraint_type
         from pg_index x
         join pg_class t on t.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u')
         where x.indrelid = any($1::regclass[])
         order by t.relname, i.relname`,
        [tables.map((t) => `${ident(home.get(t)!)}.${ident(t)}`)],
      );
      for (const index of indexes) {
        // "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING ..." → the same on the copy (an index lives in its table's schema).
        const match = /^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING .*)$/s.exec(index.def);
        if (!match) throw new Error(`replay: cannot rebuild index ${index.name}: ${index.def}`);
        await tx.query(`${match[1]}${ident(schema)}.${ident(index.table)}${match[2]}`);
        if (index.constraint_name) {
          const kind = index.constraint_type === 'p' ? 'primary key' : 'unique';
          await tx.query(`alter table ${ident(schema)}.${ident(index.table)} add constraint ${ident(index.constraint_name)} ${kind} using index ${ident(index.name)}`);
        }
      }
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
