// The event store's streams: an append checked against the stream's expected version, and a read of one stream.
import type { Queryable } from '../db/database.ts';
import { ConcurrencyConflict, appendFailure } from './append-refusals.ts';

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

/** An `events` row as the driver returns it. */
export interface EventRow {
  position: string | number;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export function toRecorded(row: EventRow): RecordedEvent {
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

export interface AppendOptions {
  /**
   * Extra (data-modifying) common table expressions that run in the same statement, in order. Each
   * can read the rows just written from the CTE named `appended` (position, stream_id, version, type,
   * data, metadata, created_at): this is how projections ride along with the append in one round trip.
   */
  alsoRun?: readonly { name: string; sql: string }[];
}

/**
 * The rows an append inserts. One event (nearly every command) is written from scalar parameters, so
 * the planner knows the statement writes one row: its generic plan then costs what a plan made for
 * the values would, and PostgreSQL keeps it (planned once per connection). Through `unnest` the
 * planner assumes ten rows; once the read-model tables are analyzed and large, it judges that
 * generic plan dearer than planning afresh on every call, and every append pays for planning
 * (more than the statement itself costs; docs/decisions/0030).
 */
const RETURNING = 'returning position, stream_id, version, type, data, metadata, created_at';
/** One stream's append: its head, then the rows of `select` (which reads `head`) inserted. */
const oneStream = (select: string) => `with head as (
         select coalesce(max(version), 0) as version from events where stream_id = $1
       ),
       appended as (
         insert into events (stream_id, version, type, data, metadata)
         ${select}
         ${RETURNING}
       )`;
const ONE_EVENT = oneStream(
  `select $1, head.version + 1, $3::text, $4::jsonb, $5::jsonb from head where head.version = $2`,
);
const EVENTS = oneStream(`select $1, head.version + e.ordinality, e.type, e.data, e.metadata
         from head, unnest($3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as e(type, data, metadata, ordinality)
         where head.version = $2
         order by e.ordinality`);
/**
 * Several streams' events, each row with its stream's expected version: a stream whose head is
 * elsewhere contributes no row. Positions follow the given order. Each head is looked up once: inlined,
 * its lookup ran again wherever the join and the insert's select read it (three index probes a stream).
 */
const STREAMS = `with given as (
         select * from unnest($1::text[], $2::int[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as g(stream_id, expected_version, type, data, metadata, n)
       ),
       heads as materialized (
         select s.stream_id, coalesce((select max(e.version) from events e where e.stream_id = s.stream_id), 0) as version
         from (select distinct stream_id from given) s
       ),
       appended as (
         insert into events (stream_id, version, type, data, metadata)
         select g.stream_id, h.version + row_number() over (partition by g.stream_id order by g.n), g.type, g.data, g.metadata
         from given g join heads h on h.stream_id = g.stream_id
         where h.version = g.expected_version
         order by g.n
         ${RETURNING}
       )`;
const SHAPES = { one: ONE_EVENT, many: EVENTS, streams: STREAMS };

/** A step that runs in the append's statement (see AppendOptions.alsoRun). */
type AlsoRun = NonNullable<AppendOptions['alsoRun']>;

/**
 * The append's statement text per shape (one event, several, several streams' and the steps run
 * along), built once: the same string on every call is named and sent without re-hashing a few
 * kilobytes of SQL.
 */
const statements = new WeakMap<AlsoRun, Partial<Record<keyof typeof SHAPES, string>>>();
const NOTHING_ELSE: AlsoRun = [];

function appendStatement(shape: keyof typeof SHAPES, alsoRun: AlsoRun): string {
  let texts = statements.get(alsoRun);
  if (!texts) statements.set(alsoRun, (texts = {}));
  return (texts[shape] ??= `${SHAPES[shape]}
       ${alsoRun.map((cte) => `, ${cte.name} as (${cte.sql})`).join('\n')}
       select position, stream_id, version, created_at from appended`);
}

/**
 * Appends `events` to `streamId` if the stream is still at `expectedVersion` (0 = new stream).
 * One statement: the version check happens before any sequence value is taken; a concurrent writer
 * that slips in between trips the unique (stream_id, version) constraint instead. Both are a
 * ConcurrencyConflict. A first event whose idempotency key is already in the log is AlreadyRecorded
 * (see command-keys.ts). Run on its own it is its own transaction; `alsoRun` CTEs share it. The
 * database answers with what only it knows (position, version, time); the rest is what was given.
 */
export async function appendToStream(
  tx: Queryable,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  options: AppendOptions = {},
): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  const one = events.length === 1;
  let rows: AppendedRow[];
  try {
    ({ rows } = await tx.query<AppendedRow>(
      appendStatement(one ? 'one' : 'many', options.alsoRun ?? NOTHING_ELSE),
      one
        ? [streamId, expectedVersion, events[0]!.type, JSON.stringify(events[0]!.data), metadataOf(events[0]!)]
        : [
            streamId,
            expectedVersion,
            events.map((e) => e.type),
            events.map((e) => JSON.stringify(e.data)),
            events.map(metadataOf),
          ],
      { prepare: true },
    ));
  } catch (error) {
    throw appendFailure(error, streamId, expectedVersion, () => events[0]!.metadata?.idempotencyKey);
  }
  return recordedOf({ streamId, expectedVersion, events }, rows);
}

/** One stream's share of `appendToStreams`. */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: readonly NewEvent[];
}

/**
 * Appends to several streams (each at most once) in ONE statement, each stream on its own terms:
 * a stream no longer at its expected version gets nothing and its result is a ConcurrencyConflict,
 * while the others are written. The whole statement fails (and writes nothing) on any error, a
 * concurrent writer's unique-key trip included: the caller then appends the streams one by one to
 * learn which. `alsoRun` sees every stream's events in `appended`, in the given order.
 */
export async function appendToStreams(
  tx: Queryable,
  appends: readonly StreamAppend[],
  options: AppendOptions = {},
): Promise<Array<RecordedEvent[] | ConcurrencyConflict>> {
  const flat = appends.flatMap((append) => append.events.map((event) => ({ append, event })));
  const { rows } = await tx.query<AppendedRow & { stream_id: string }>(
    appendStatement('streams', options.alsoRun ?? NOTHING_ELSE),
    [
      flat.map((e) => e.append.streamId),
      flat.map((e) => e.append.expectedVersion),
      flat.map((e) => e.event.type),
      flat.map((e) => JSON.stringify(e.event.data)),
      flat.map((e) => metadataOf(e.event)),
    ],
    { prepare: true },
  );
  const byStream = new Map<string, AppendedRow[]>();
  for (const row of rows) {
    const mine = byStream.get(row.stream_id);
    if (mine) mine.push(row);
    else byStream.set(row.stream_id, [row]);
  }
  return appends.map((append) => {
    try {
      return recordedOf(append, byStream.get(append.streamId) ?? []);
    } catch (conflict) {
      return conflict as ConcurrencyConflict;
    }
  });
}

/** What the database answers for each appended row: what only it knows. */
type AppendedRow = Pick<EventRow, 'position' | 'version' | 'created_at'>;

const metadataOf = (e: NewEvent) => JSON.stringify(e.metadata ?? {});

/** The recorded events of one stream's append from its rows; too few rows mean the stream had moved on. */
function recordedOf(
  { streamId, expectedVersion, events }: StreamAppend,
  rows: readonly AppendedRow[],
): RecordedEvent[] {
  if (events.length === 0) return [];
  if (rows.length !== events.length) throw new ConcurrencyConflict(streamId, expectedVersion);
  // Versions follow the events' order (head + 1, + 2, ...), whatever order the rows came back in.
  return rows
    .map((row) => {
      const event = events[row.version - expectedVersion - 1]!;
      return {
        position: Number(row.position),
        streamId,
        version: row.version,
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
        createdAt: row.created_at,
      };
    })
    .sort((a, b) => a.version - b.version);
}

export async function readStream(
  db: Queryable,
  streamId: string,
  options: { untilVersion?: number } = {},
): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `select position, stream_id, version, type, data, metadata, created_at
     from events where stream_id = $1 and version <= $2 order by version`,
    [streamId, options.untilVersion ?? 2_147_483_647],
    { prepare: true },
  );
  return rows.map(toRecorded);
}
