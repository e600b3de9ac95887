// The log as a whole, by position: read in batches, where it ends, and how many events it holds.
import type { Queryable } from '../db/database.ts';
import { type EventRow, type RecordedEvent, toRecorded } from './streams.ts';

export interface ReadAllOptions {
  /** Exclusive: events with position > after. */
  after?: number;
  batchSize?: number;
  /** Only these event types. */
  types?: readonly string[];
  /** Stop at this position (inclusive), e.g. the head when the read began. */
  until?: number;
}

/** The whole log in position order, as keyset-paginated batches (never OFFSET). */
export async function* readAll(db: Queryable, options: ReadAllOptions = {}): AsyncGenerator<RecordedEvent[]> {
  const batchSize = options.batchSize ?? 5_000;
  let after = options.after ?? 0;
  const until = options.until ?? Number.MAX_SAFE_INTEGER;
  for (;;) {
    const { rows } = await db.query<EventRow>(
      `select position, stream_id, version, type, data, metadata, created_at
       from events
       where position > $1 and position <= $2 and ($4::text[] is null or type = any($4))
       order by position limit $3`,
      [after, until, batchSize, options.types ?? null],
    );
    if (rows.length === 0) return;
    const batch = rows.map(toRecorded);
    yield batch;
    after = batch[batch.length - 1]!.position;
    if (rows.length < batchSize) return;
  }
}

/** The highest position written so far (0 for an empty log). */
export async function headPosition(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ head: string | number }>('select coalesce(max(position), 0) as head from events');
  return Number(rows[0]?.head ?? 0);
}

export async function countEvents(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('select count(*) as n from events');
  return Number(rows[0]?.n ?? 0);
}

/** The position of the n-th most recent event (where a `tail` of n events starts); 0 for an empty log. */
export async function positionOfLatest(db: Queryable, n: number): Promise<number> {
  const { rows } = await db.query<{ position: string | number | null }>(
    'select min(position) as position from (select position from events order by position desc limit $1) latest',
    [n],
  );
  return Number(rows[0]?.position ?? 0);
}

/** The highest position among events of these types (0 when there is none). */
export async function headPositionOf(db: Queryable, types: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ position: string | number }>(
    'select position from events where type = any($1) order by position desc limit 1',
    [types],
  );
  return Number(rows[0]?.position ?? 0);
}

/** What a reader still has to do: how many events, and when the oldest of them was recorded. */
export interface Backlog {
  events: number;
  oldestAt: Date | null;
}

/** How long the oldest event still to do has waited, in seconds (0 with none): lag as time, not count. */
export function backlogSeconds(backlog: Backlog, now: Date): number {
  return backlog.oldestAt ? Math.max(0, (now.getTime() - backlog.oldestAt.getTime()) / 1000) : 0;
}

export function toBacklog(row: { n: string | number; oldest: Date | string | null } | undefined): Backlog {
  return { events: Number(row?.n ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

/** The events of these types after position `after` (exclusive). */
export async function backlogAfter(db: Queryable, after: number, types?: readonly string[]): Promise<Backlog> {
  const { rows } = await db.query<{ n: string | number; oldest: Date | string | null }>(
    'select count(*) as n, min(created_at) as oldest from events where position > $1 and ($2::text[] is null or type = any($2))',
    [after, types ?? null],
  );
  return toBacklog(rows[0]);
}
