// A replay's scratch schema: empty copies of the read-model tables, built beside the live ones and swapped in.
import { type Database, type Queryable, SqlState, sqlStateOf } from '../db/database.ts';
import { ident } from '../eventstore/projection.ts';
import { settled } from './settle-all.ts';

/** Scratch schemas are named with this prefix; one that a killed replay left behind is dropped by the next. */
const SCRATCH_PREFIX = 'dino_replay_';

/** The names of the replay scratch schemas that exist (committed) now, in name order. */
export async function scratchSchemas(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select nspname as name from pg_namespace where starts_with(nspname, $1) order by 1',
    [SCRATCH_PREFIX],
  );
  return rows.map((r) => r.name);
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
export async function createScratch(db: Database, tables: readonly string[], keysFirst: boolean) {
  // Replays run one at a time, so a scratch schema that exists now was left by a killed one. One
  // this role may not drop is not ours to drop.
  for (const name of await scratchSchemas(db))
    await db.query(`drop schema ${ident(name)} cascade`).catch(() => undefined);

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
        await tx.query(
          `create table ${ident(schema)}.${ident(table)} (like ${ident(home.get(table)!)}.${ident(table)} including all excluding indexes)`,
        );
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
      const { rows: searchPath } = await tx.query<{ search_path: string }>(
        'select current_setting($1) as search_path',
        ['search_path'],
      );
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
      if (names.length > 0)
        await tx.query(`truncate ${names.map((table) => `${ident(schema)}.${ident(table)}`).join(', ')}`);
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
