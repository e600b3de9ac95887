// Following the log in commit order, for operators (the CLI's `events tail`).
import type { Queryable } from '../db/database.ts';
import { type EventRow, type RecordedEvent, toRecorded } from './event-store.ts';

/** A recorded event together with the id of the transaction that wrote it (xid8, as text). */
export interface LoggedEvent extends RecordedEvent {
  transactionId: string;
}

interface LoggedEventRow extends EventRow {
  transaction_id: string;
}

// The id comes out as text under its own name: an ORDER BY must name events.transaction_id (the
// alias would sort as text, '1000' before '999').
const LOGGED_COLUMNS = 'transaction_id::text as transaction_id, position, stream_id, version, type, data, metadata, created_at';

function toLogged(row: LoggedEventRow): LoggedEvent {
  return { ...toRecorded(row), transactionId: row.transaction_id };
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
       order by events.transaction_id, events.position limit $4`,
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
