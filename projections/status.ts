import type { Queryable } from '../db/database.ts';
import { backlogAfter, backlogSeconds, headPositionOf } from '../eventstore/log-reads.ts';
import { type Projection, ident } from '../eventstore/projection.ts';

export interface ProjectionStatus {
  name: string;
  eventTypes: readonly string[];
  /** The version the code builds. */
  codeVersion: number;
  /** The version that built the stored tables (projection_state); null when never recorded. */
  storedVersion: number | null;
  /** The last log position the read model reflects. */
  checkpoint: number;
  /** The last position among this projection's event types (0 when there is none). */
  head: number;
  /** Events of its types after the checkpoint: how far the read model is behind the log. */
  lag: number;
  /** Seconds the oldest of those events has waited (0 when there is none). */
  lagSeconds: number;
  /** When a replay last rebuilt it, and up to which position. */
  replayedAt: Date | null;
  replayedPosition: number | null;
}

/**
 * The last log position the projection's rows reflect: every row records the position of the last
 * event applied to it, and rows are never deleted (`Projection.tables`), so the highest of them is
 * the last event its inline writes applied.
 */
async function rowsCheckpoint(db: Queryable, projection: Projection): Promise<number> {
  if (projection.tables.length === 0) return 0;
  const highest = projection.tables
    .map((table) => `select max(position) as position from ${ident(table)}`)
    .join(' union all ');
  const { rows } = await db.query<{ position: string | number | null }>(
    `select max(position) as position from (${highest}) t`,
  );
  return Number(rows[0]?.position ?? 0);
}

/**
 * Where each projection stands. The checkpoint is the later of the last replay's position (a replay
 * consumed the whole log up to it) and the highest position its rows record (inline writes since);
 * the lag counts the events of its types after that checkpoint, so an inline projection that is
 * current shows 0 and one whose tables were emptied or never built shows what is missing, and for how
 * long (at `now`).
 */
export async function projectionStatuses(
  db: Queryable,
  all: readonly Projection[],
  now = new Date(),
): Promise<ProjectionStatus[]> {
  const { rows } = await db.query<{
    name: string;
    version: number;
    position: string | number;
    replayed_at: Date | string | null;
  }>('select name, version, position, replayed_at from projection_state');
  const stored = new Map(rows.map((r) => [r.name, r]));
  const statuses: ProjectionStatus[] = [];
  for (const projection of all) {
    const state = stored.get(projection.name);
    const replayedPosition = state ? Number(state.position) : null;
    const fromRows = await rowsCheckpoint(db, projection);
    const checkpoint = Math.max(fromRows, replayedPosition ?? 0);
    const [head, backlog] = await Promise.all([
      headPositionOf(db, projection.eventTypes),
      backlogAfter(db, checkpoint, projection.eventTypes),
    ]);
    statuses.push({
      name: projection.name,
      eventTypes: projection.eventTypes,
      codeVersion: projection.version,
      storedVersion: state ? state.version : null,
      checkpoint,
      head,
      lag: backlog.events,
      lagSeconds: backlogSeconds(backlog, now),
      replayedAt: state?.replayed_at ? new Date(state.replayed_at) : null,
      replayedPosition,
    });
  }
  return statuses;
}
