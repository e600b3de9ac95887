// Following the log in commit order, for operators (the CLI's `events tail`).
import type { Queryable } from '../db/database.ts';
import {
  type LogCursor,
  type LoggedEvent,
  type LoggedEventRow,
  LOGGED_COLUMNS,
  currentHorizon,
  readCommittedAfter,
  toLogged,
} from './log-tail.ts';

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
  const horizon = await currentHorizon(db);
  const seenAboveHorizon = new Set<number>();

  // 1. Everything visible now, in position order.
  let after = options.from - 1;
  for (;;) {
    if (options.signal?.aborted) return;
    const { rows } = await db.query<LoggedEventRow & { above_horizon: boolean }>(
      `select ${LOGGED_COLUMNS}, transaction_id >= $2::xid8 as above_horizon from events
       where position > $1
       order by position limit $3`,
      [after, horizon.transactionId, batchSize],
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
  let cursor: LogCursor = horizon;
  while (!options.signal?.aborted) {
    const { events, through } = await readCommittedAfter(db, cursor, { from: options.from }, batchSize);
    cursor = through;
    const fresh = events.filter((event) => !seenAboveHorizon.delete(event.position));
    if (fresh.length > 0) yield fresh;
    if (events.length < batchSize) await sleep(options.pollMs ?? 1_000, options.signal);
  }
}
