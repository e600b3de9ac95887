import type { Database, Queryable } from '../db/database.ts';
import { readAllForFold } from '../eventstore/event-store.ts';
import type { Projection } from './projection.ts';

/**
 * Appends take this advisory lock in shared mode, a replay in exclusive mode: while a replay runs,
 * appends wait (none is missed), and shoppers keep reading the old rows under MVCC until the
 * rebuilt ones commit (the tables are emptied with DELETE, not TRUNCATE, for exactly that reason).
 */
export const PROJECTION_FENCE_LOCK = 72_616_002;

export async function fenceForAppend(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock_shared($1)', [PROJECTION_FENCE_LOCK]);
}

export interface ReplayProgress {
  processed: number;
  total: number;
}

export interface ReplayResult {
  projections: string[];
  events: number;
  headPosition: number;
  seconds: number;
}

export async function replayProjections(
  db: Database,
  selected: readonly Projection[],
  options: { batchSize?: number; onStart?: (total: number) => void; onProgress?: (progress: ReplayProgress) => void } = {},
): Promise<ReplayResult> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [PROJECTION_FENCE_LOCK]);
    const types = [...new Set(selected.flatMap((p) => p.eventTypes))];
    const { rows } = await tx.query<{ head: string | number; total: string | number }>(
      'select coalesce(max(position), 0) as head, count(*) filter (where type = any($1)) as total from events',
      [types],
    );
    const head = Number(rows[0]?.head ?? 0);
    const total = Number(rows[0]?.total ?? 0);
    options.onStart?.(total);

    for (const projection of selected) for (const table of projection.tables) await tx.query(`delete from ${table}`);
    const rebuilds = selected.map((p) => ({ projection: p, rebuild: p.createRebuild() }));
    let processed = 0;
    for await (const batch of readAllForFold(tx, { types, until: head, batchSize: options.batchSize ?? 10_000 })) {
      for (const { projection, rebuild } of rebuilds) rebuild.fold(batch.filter((e) => projection.eventTypes.includes(e.type)));
      processed += batch.length;
      options.onProgress?.({ processed, total });
    }
    for (const { rebuild } of rebuilds) await rebuild.write(tx);
    for (const projection of selected) {
      await tx.query(
        `insert into projection_state (name, version, position, replayed_at) values ($1, $2, $3, now())
         on conflict (name) do update set version = excluded.version, position = excluded.position, replayed_at = excluded.replayed_at`,
        [projection.name, projection.version, head],
      );
    }
    return { projections: selected.map((p) => p.name), events: processed, headPosition: head, seconds: (performance.now() - started) / 1000 };
  });
}

/** Projections whose stored version differs from the code's: their read models must be rebuilt. */
export async function staleProjections(db: Queryable, all: readonly Projection[]): Promise<Projection[]> {
  const { rows } = await db.query<{ name: string; version: number }>('select name, version from projection_state');
  const stored = new Map(rows.map((r) => [r.name, r.version]));
  return all.filter((p) => stored.get(p.name) !== p.version);
}
