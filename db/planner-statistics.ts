import type { Queryable } from './database.ts';

/**
 * Keeps the planner's statistics of growing tables current, so that cached plans follow the growth.
 *
 * Hot statements run as named prepared statements, and PostgreSQL keeps the plan it made for one (its
 * generic plan, from the sixth execution on) until something invalidates it. The append's projection
 * steps join the new events to `carts`; planned while `carts` held a hundred rows, that join is a hash
 * join over a sequential scan of the whole table, which is right for a hundred rows and stays the plan
 * as the table grows: every add then scans every cart, until an ANALYZE makes the sessions re-plan
 * (measured in docs/scaling.md).
 *
 * ANALYZE refreshes the statistics and makes every session re-plan the statements that read the table.
 * PostgreSQL's autovacuum analyzes a table once 50 + 10 % of its rows changed, but looks only once a
 * minute, and PGlite runs no autovacuum at all: an embedded shop would scan every cart on every add for
 * ever. So the server checks every few seconds and analyzes each table that changed by at least its
 * own size (and MIN_CHANGES rows) since it was last analyzed: a handful of runs while a table grows from
 * nothing, then about one for each doubling.
 */

/** Fewer changed rows never justify an ANALYZE, whatever the table's size. */
export const MIN_CHANGES = 500;

export interface TableActivity {
  table: string;
  /** Rows inserted, updated or deleted since the table was last analyzed. */
  changesSinceAnalyze: number;
  /** Rows the planner believes the table holds (-1: never analyzed). */
  plannedRows: number;
}

/** Whether the planner's picture of the table is out of date: it changed by at least its believed size. */
export function needsAnalyze({ changesSinceAnalyze, plannedRows }: TableActivity): boolean {
  return changesSinceAnalyze >= Math.max(MIN_CHANGES, plannedRows);
}

/** The tables of the current schema with their changes since the last ANALYZE (the database's own counters). */
export async function tableActivity(db: Queryable): Promise<TableActivity[]> {
  const { rows } = await db.query<{ table: string; changes: string; planned: number }>(
    `select s.relname as table, s.n_mod_since_analyze as changes, c.reltuples as planned
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()
      order by s.relname`,
  );
  return rows.map((row) => ({
    table: row.table,
    changesSinceAnalyze: Number(row.changes),
    plannedRows: Number(row.planned),
  }));
}

/**
 * Analyzes the tables that need it; returns their names. `skip_locked`: another instance analyzing the
 * same table already does the work, and an append never waits for this.
 */
export async function analyzeGrownTables(db: Queryable): Promise<string[]> {
  const grown = (await tableActivity(db)).filter(needsAnalyze).map((activity) => activity.table);
  // Names come from the catalogue of the database itself; quoted all the same.
  if (grown.length > 0)
    await db.query(`analyze (skip_locked) ${grown.map((table) => `"${table.replaceAll('"', '""')}"`).join(', ')}`);
  return grown;
}

/** How often the server looks at the tables' counters. */
export const STATISTICS_CHECK_MS = 5_000;

/**
 * Runs analyzeGrownTables every STATISTICS_CHECK_MS, one check at a time, until stopped; reports the
 * tables it analyzed and the checks that failed. Returns the stop function.
 */
export function keepPlannerStatistics(
  db: Queryable,
  report: { analyzed(tables: string[]): void; failed(error: unknown): void },
): () => void {
  let checking = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (checking || stopped) return;
    checking = true;
    analyzeGrownTables(db)
      .then((tables) => tables.length > 0 && report.analyzed(tables))
      .catch((error: unknown) => report.failed(error))
      .finally(() => (checking = false));
  }, STATISTICS_CHECK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
