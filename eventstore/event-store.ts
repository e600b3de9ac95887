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
 * planner assumes ten rows; once the read-model tables were analyzed and large, it judged that
 * generic plan dearer than planning afresh on every call, and appends on PGlite halved (1,470 -> 680
 * per second, the planning costing more than the statement).
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
const ONE_EVENT = oneStream(`select $1, head.version + 1, $3::text, $4::jsonb, $5::jsonb from head where head.version = $2`);
const EVENTS = oneStream(`select $1, head.version + e.ordinality, e.type, e.data, e.metadata
         from head, unnest($3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as e(type, data, metadata, ordinality)
         where head.version = $2
         order by e.ordinality`);
/**
 * Several streams' events, each row with its stream's expected version: a stream whose head is
 * elsewhere contributes no row. Positions follow the given order.
 */
const STREAMS = `with given as (
         select * from unnest($1::text[], $2::int[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as g(stream_id, expected_version, type, data, metadata, n)
       ),
       heads as (
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
 * ConcurrencyConflict. Run on its own it is its own transaction; `alsoRun` CTEs share it. The
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
        : [streamId, expectedVersion, events.map((e) => e.type), events.map((e) => JSON.stringify(e.data)), events.map(metadataOf)],
      { prepare: true },
    ));
  } catch (error) {
    if (sqlStateOf(error) === SqlState.uniqueViolation) throw new ConcurrencyConflict(streamId, expectedVersion);
    throw error;
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
export async function appendToStreams(tx: Queryable, appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<Array<RecordedEvent[] | ConcurrencyConflict>> {
  const flat = appends.flatMap((append) => append.events.map((event) => ({ append, event })));
  const { rows } = await tx.query<AppendedRow & { stream_id: string }>(appendStatement('streams', options.alsoRun ?? NOTHING_ELSE), [
    flat.map((e) => e.append.streamId),
    flat.map((e) => e.append.expectedVersion),
    flat.map((e) => e.event.type),
    flat.map((e) => JSON.stringify(e.event.data)),
    flat.map((e) => metadataOf(e.event)),
  ], { prepare: true });
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
function recordedOf({ streamId, expectedVersion, events }: StreamAppend, rows: readonly AppendedRow[]): RecordedEvent[] {
  if (events.length === 0) return [];
  if (rows.length !== events.length) throw new ConcurrencyConflict(streamId, expectedVersion);
  // Versions follow the events' order (head + 1, + 2, ...), whatever order the rows came back in.
  return rows
    .map((row) => {
      const event = events[row.version - expectedVersion - 1]!;
      return { position: Number(row.position), streamId, version: row.version, type: event.type, data: event.data, metadata: event.metadata ?? {}, createdAt: row.created_at };
    })
    .sort((a, b) => a.version - b.version);
}

export async function readStream(db: Queryable, streamId: string, options: { untilVersion?: number } = {}): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `select position, stream_id, version, type, data, metadata, created_at
     from events where stream_id = $1 and version <= $2 order by version`,
    [streamId, options.untilVersion ?? 2_147_483_647],
    { prepare: true },
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

// ---------------------------------------------------------------------------------------------------
// Reading the log for operators (the CLI): additive helpers, the functions above are the API's.

/** A recorded event together with the id of the transaction that wrote it (xid8, as text). */
export interface LoggedEvent extends RecordedEvent {
  transactionId: string;
}

interface LoggedEventRow extends EventRow {
  transaction_id: string;
}

const LOGGED_COLUMNS = 'transaction_id::text as transaction_id, position, stream_id, version, type, data, metadata, created_at';

function toLogged(row: LoggedEventRow): LoggedEvent {
  return { ...toRecorded(row), transactionId: row.transaction_id };
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
  const { rows } = await db.query<{ position: string | number }>('select position from events where type = any($1) order by position desc limit 1', [types]);
  return Number(rows[0]?.position ?? 0);
}

/** How many events of these types lie after `after` (exclusive). */
export async function countEventsAfter(db: Queryable, after: number, types?: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('select count(*) as n from events where position > $1 and ($2::text[] is null or type = any($2))', [
    after,
    types ?? null,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** Where a commit-order reader of the log stands: every event at or before (transactionId, position) was seen. */
export interface LogCursor {
  transactionId: string;
  position: number;
}

export interface FollowLogOptions {
  /** First position to report (inclusive); 1 = the whole log. */
  from: number;
  /** Keep polling for new events after the current end of the log (until `signal` aborts). */
  follow?: boolean;
  pollMs?: number;
  batchSize?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * The log from position `from` on, in batches, never skipping an event that commits late.
 *
 * `position` is not commit order: a transaction can take position 10, commit after position 11 was
 * read, and a reader resuming from "position > 11" would miss it. So:
 * 1. First, everything committed and visible now, in position order (a plain snapshot read: what a
 *    person asking "what is in the log" expects, however busy the server is).
 * 2. When following: everything from the snapshot's horizon (`pg_snapshot_xmin`) on, in
 *    (transaction_id, position) order and only below the current horizon — an order in which no new
 *    event can ever appear behind the cursor. Events of step 1 at or above the first horizon are
 *    remembered (there are few: only those of transactions that were in flight around the start) so
 *    they are not printed twice. The price: a followed event shows up once every transaction that
 *    started before it has ended (a long transaction anywhere on the server holds the tail back).
 */
export async function* followLog(db: Queryable, options: FollowLogOptions): AsyncGenerator<LoggedEvent[]> {
  const batchSize = options.batchSize ?? 1_000;
  const { rows: horizonRows } = await db.query<{ xmin: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as xmin');
  const horizon = horizonRows[0]!.xmin;
  const seenAboveHorizon = new Set<number>();

  // 1. Everything visible now, in position order.
  let after = options.from - 1;
  for (;;) {
    if (options.signal?.aborted) return;
    const { rows } = await db.query<LoggedEventRow & { above_horizon: boolean }>(
      `select ${LOGGED_COLUMNS}, transaction_id >= $2::xid8 as above_horizon from events
       where position > $1
       order by position limit $3`,
      [after, horizon, batchSize],
    );
    if (rows.length > 0) {
      if (options.follow) for (const row of rows) if (row.above_horizon) seenAboveHorizon.add(Number(row.position));
      yield rows.map(toLogged);
      after = Number(rows[rows.length - 1]!.position);
    }
    if (rows.length < batchSize) break;
  }
  if (!options.follow) return;

  // 2. Everything from the horizon on, in commit-safe order, as transactions finish.
  let cursor: LogCursor = { transactionId: horizon, position: 0 };
  while (!options.signal?.aborted) {
    const { rows } = await db.query<LoggedEventRow>(
      `select ${LOGGED_COLUMNS} from events
       where (transaction_id, position) > ($1::xid8, $2::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         and position >= $3
       order by transaction_id, position limit $4`,
      [cursor.transactionId, cursor.position, options.from, batchSize],
    );
    if (rows.length > 0) {
      const last = rows[rows.length - 1]!;
      cursor = { transactionId: last.transaction_id, position: Number(last.position) };
      const fresh = rows.filter((row) => !seenAboveHorizon.delete(Number(row.position)));
      if (fresh.length > 0) yield fresh.map(toLogged);
    }
    if (rows.length < batchSize) await sleep(options.pollMs ?? 1_000, options.signal);
  }
}
