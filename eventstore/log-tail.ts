// The log in commit-safe order: for consumers that act after the commit, and for operators following it.
import type { Queryable } from '../db/database.ts';
import { type Backlog, toBacklog } from './log-reads.ts';
import { type EventRow, type RecordedEvent, toRecorded } from './streams.ts';

/** Where a commit-order reader of the log stands: every event at or before (transactionId, position) was seen. */
export interface LogCursor {
  transactionId: string;
  position: number;
}

/** The cursor before every event. */
export const LOG_START: LogCursor = { transactionId: '0', position: 0 };

/** A recorded event with the cursor that stands just after it (its transaction's id, xid8 as text). */
export interface LoggedEvent extends RecordedEvent {
  cursor: LogCursor;
}

export interface LoggedEventRow extends EventRow {
  transaction_id: string;
}

// The id comes out as text under its own name: an ORDER BY must name events.transaction_id (the
// alias would sort as text, '1000' before '999').
export const LOGGED_COLUMNS =
  'transaction_id::text as transaction_id, position, stream_id, version, type, data, metadata, created_at';

export function toLogged(row: LoggedEventRow): LoggedEvent {
  return { ...toRecorded(row), cursor: { transactionId: row.transaction_id, position: Number(row.position) } };
}

/** What one read of the log found, and how far it looked. */
export interface LogRead {
  events: LoggedEvent[];
  /**
   * Where a reader may stand after this read: after the last event when the read was cut at its limit,
   * else at the horizon it read up to (every event before it that matches was returned). A reader that
   * skips most events (a consumer of a rare type) moves on with the log instead of reading it all again.
   */
  through: LogCursor;
  /**
   * Whether any event (of any type) lies past the horizon: written by a transaction newer than one still
   * running (anywhere on the server: the horizon is the cluster's). The running one may commit events
   * below it, by position and by id, that raise neither: a reader that wants them soon reads again.
   */
  heldBack: boolean;
}

/**
 * Events after `after` (of `types`, at or past position `from`, when given), in (transaction_id,
 * position) order, only those of transactions older than every transaction still running. A
 * transaction that took position 10 and has not committed holds back position 11 of a later one: once
 * it ends, both come, 10 first, and no event can ever appear behind the cursor (position alone is not
 * commit order). One statement: the horizon comes back even when no event does.
 */
export async function readCommittedAfter(
  db: Queryable,
  after: LogCursor,
  only: { types?: readonly string[]; from?: number },
  limit: number,
): Promise<LogRead> {
  const { rows } = await db.query<
    LoggedEventRow & { horizon: string; held_back: boolean; position: string | number | null }
  >(
    `select h.xmin::text as horizon, h.held_back, e.*
     from (
       select x.xmin, exists (
         select 1 from events where (transaction_id, position) > ($1::xid8, $2::bigint) and transaction_id >= x.xmin
       ) as held_back
       from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) x
     ) h
     left join lateral (
       select ${LOGGED_COLUMNS}, events.transaction_id as xid
       from events
       where (transaction_id, position) > ($1::xid8, $2::bigint)
         and transaction_id < h.xmin
         and ($3::text[] is null or type = any($3::text[]))
         and position >= $4
       order by events.transaction_id, events.position limit $5
     ) e on true
     order by e.xid, e.position`,
    [after.transactionId, after.position, only.types ?? null, only.from ?? 0, limit],
  );
  const events = rows.filter((row) => row.position !== null).map(toLogged);
  const horizon: LogCursor = { transactionId: rows[0]!.horizon, position: 0 };
  const through = events.length === limit ? events.at(-1)!.cursor : laterOf(after, horizon);
  return { events, through, heldBack: rows[0]!.held_back };
}

/** The later of two cursors (transaction ids compared as numbers, not text). */
export function laterOf(a: LogCursor, b: LogCursor): LogCursor {
  const [ta, tb] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  return ta > tb || (ta === tb && a.position >= b.position) ? a : b;
}

/**
 * The cursor "now": every event of a transaction that has ended lies before it, those of transactions
 * still running after it. Where a consumer that must not act on the past (mail) starts.
 */
export async function currentHorizon(db: Queryable): Promise<LogCursor> {
  const { rows } = await db.query<{ xmin: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as xmin');
  // Positions start at 1: (xmin, 0) lies before every event of the transaction xmin itself.
  return { transactionId: rows[0]!.xmin, position: 0 };
}

/**
 * What an idle consumer waits for, in one read: the newest transaction id among the log's events
 * (committed ones: the only ones visible) and whether an operator queued parked events of `consumers`
 * for another try.
 */
export async function wakeSignals(
  db: Queryable,
  consumers: readonly string[],
): Promise<{ newest: bigint; retries: boolean }> {
  const { rows } = await db.query<{ newest: string | null; retries: boolean }>(
    `select (select max(transaction_id)::text from events) as newest,
            exists (select 1 from consumer_dead_letters where status = 'retry' and consumer = any($1::text[])) as retries`,
    [consumers],
  );
  return { newest: BigInt(rows[0]!.newest ?? 0), retries: rows[0]!.retries };
}

/** The events of `types` after `after` (committed or not: what a consumer still has to do). */
export async function backlogAfterCursor(db: Queryable, after: LogCursor, types: readonly string[]): Promise<Backlog> {
  const { rows } = await db.query<{ n: string | number; oldest: Date | string | null }>(
    'select count(*) as n, min(created_at) as oldest from events where (transaction_id, position) > ($1::xid8, $2::bigint) and type = any($3::text[])',
    [after.transactionId, after.position, types],
  );
  return toBacklog(rows[0]);
}

/** One event by its position (what an operator names), or undefined. */
export async function eventAt(db: Queryable, position: number): Promise<LoggedEvent | undefined> {
  const { rows } = await db.query<LoggedEventRow>(`select ${LOGGED_COLUMNS} from events where position = $1`, [
    position,
  ]);
  const row = rows[0];
  return row && toLogged(row);
}

/**
 * The events whose envelope names one of `correlations`, in log order, at most `limit` (the index on
 * the correlation id finds them in a log of any length).
 */
export async function eventsCorrelatedWith(
  db: Queryable,
  correlations: readonly string[],
  limit: number,
): Promise<LoggedEvent[]> {
  const { rows } = await db.query<LoggedEventRow>(
    `select ${LOGGED_COLUMNS} from events
     where metadata ? 'correlationId' and metadata ->> 'correlationId' = any($1::text[])
     order by position limit $2`,
    [correlations, limit],
  );
  return rows.map(toLogged);
}

/** Every event of the stream, in version order, with its cursor. */
export async function loggedStream(db: Queryable, streamId: string): Promise<LoggedEvent[]> {
  const { rows } = await db.query<LoggedEventRow>(
    `select ${LOGGED_COLUMNS} from events where stream_id = $1 order by version`,
    [streamId],
  );
  return rows.map(toLogged);
}
