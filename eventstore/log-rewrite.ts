import type { Queryable } from '../db/database.ts';
import type { StoredEvent } from '../domain/event-reader.ts';

/** Events of one type whose data has the given schemaVersion, in log order. */
export async function eventsOfVersion(db: Queryable, type: string, schemaVersion: number): Promise<StoredEvent[]> {
  const { rows } = await db.query<{
    position: string | number;
    stream_id: string;
    version: number;
    type: string;
    data: unknown;
  }>(
    `select position, stream_id, version, type, data from events
     where type = $1 and (data->>'schemaVersion')::int = $2 order by position`,
    [type, schemaVersion],
  );
  return rows.map((r) => ({
    position: Number(r.position),
    streamId: r.stream_id,
    version: r.version,
    type: r.type,
    data: r.data,
  }));
}

/**
 * Rewrites events in place: a migration's tool for data that must not stay in the log (personal data
 * written in clear), never a way to change history's meaning. The append-only triggers are switched
 * off for this transaction only (ALTER TABLE locks the log, so no append runs meanwhile). Each event
 * keeps its position; it moves to `streamId` at the end of that stream.
 */
export async function rewriteEvents(
  tx: Queryable,
  rewrites: readonly { position: number; streamId: string; data: unknown }[],
): Promise<void> {
  if (rewrites.length === 0) return;
  await tx.query('alter table events disable trigger events_no_update_or_delete');
  for (const rewrite of rewrites) {
    await tx.query(
      `update events set stream_id = $2, data = $3,
         version = (select coalesce(max(version), 0) + 1 from events where stream_id = $2 and position <> $1)
       where position = $1`,
      [rewrite.position, rewrite.streamId, JSON.stringify(rewrite.data)],
    );
  }
  await tx.query('alter table events enable trigger events_no_update_or_delete');
}
