import { type Queryable, SqlState, sqlStateOf } from '../db/database.ts';

/** An event as the domain produces it: a type and its data (which carries its own `at` and schemaVersion). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  position: number;
  streamId: string;
  version: number;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/** The stream moved on since it was read: someone else appended first. Retry with a fresh read. */
export class ConcurrencyConflict extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyConflict';
  }
}

interface EventRow {
  position: string | number;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

/**
 * Appends `events` to `streamId` if the stream is still at `expectedVersion` (0 = new stream).
 * One statement: the version check happens before any sequence value is taken; a concurrent writer
 * that slips in between trips the unique (stream_id, version) constraint instead. Both are a
 * ConcurrencyConflict. Call it inside a transaction together with the inline projections.
 */
export async function appendToStream(
  tx: Queryable,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  let rows: EventRow[];
  try {
    ({ rows } = await tx.query<EventRow>(
      `with head as (
         select coalesce(max(version), 0) as version from events where stream_id = $1
       )
       insert into events (stream_id, version, type, data, metadata)
       select $1, head.version + e.ordinality, e.type, e.data, e.metadata
       from head, unnest($3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as e(type, data, metadata, ordinality)
       where head.version = $2
       order by e.ordinality
       returning position, stream_id, version, type, data, metadata, created_at`,
      [
        streamId,
        expectedVersion,
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata ?? {})),
      ],
    ));
  } catch (error) {
    if (sqlStateOf(error) === SqlState.uniqueViolation) throw new ConcurrencyConflict(streamId, expectedVersion);
    throw error;
  }
  if (rows.length !== events.length) throw new ConcurrencyConflict(streamId, expectedVersion);
  return rows.map(toRecorded).sort((a, b) => a.version - b.version);
}

export async function readStream(db: Queryable, streamId: string, options: { untilVersion?: number } = {}): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `select position, stream_id, version, type, data, metadata, created_at
     from events where stream_id = $1 and version <= $2 order by version`,
    [streamId, options.untilVersion ?? 2_147_483_647],
  );
  return rows.map(toRecorded);
}

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
