// The log in commit-safe order, for consumers that act after the commit.
import type { Queryable } from '../db/database.ts';
import { type EventRow, type RecordedEvent, toRecorded } from './event-store.ts';
import type { LogCursor } from './follow-log.ts';

/** The cursor before every event. */
export const LOG_START: LogCursor = { transactionId: '0', position: 0 };

/** An event with the cursor that stands just after it. */
export interface TailedEvent extends RecordedEvent {
  cursor: LogCursor;
}

/**
 * Events of `types` after `after`, in (transaction_id, position) order, only those of transactions
 * older than every transaction still running. A transaction that took position 10 and has not
 * committed holds back position 11 of a later one: once it ends, both come, 10 first, and no event can
 * ever appear behind the cursor (position alone is not commit order). The order names the table's
 * column: bare, it would be the text alias, and '1000' sorts before '999'.
 */
export async function readCommittedAfter(db: Queryable, after: LogCursor, types: readonly string[], limit: number): Promise<TailedEvent[]> {
  const { rows } = await db.query<EventRow & { transaction_id: string }>(
    `select transaction_id::text as transaction_id, position, stream_id, version, type, data, metadata, created_at
     from events
     where (transaction_id, position) > ($1::xid8, $2::bigint)
       and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       and type = any($3::text[])
     order by events.transaction_id, events.position limit $4`,
    [after.transactionId, after.position, types, limit],
  );
  return rows.map((row) => ({ ...toRecorded(row), cursor: { transactionId: row.transaction_id, position: Number(row.position) } }));
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

/** How many events of `types` lie after `after` (committed or not: what a consumer still has to do). */
export async function countAfterCursor(db: Queryable, after: LogCursor, types: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'select count(*) as n from events where (transaction_id, position) > ($1::xid8, $2::bigint) and type = any($3::text[])',
    [after.transactionId, after.position, types],
  );
  return Number(rows[0]?.n ?? 0);
}

/** One event by its position (what an operator names), or undefined. */
export async function eventAt(db: Queryable, position: number): Promise<TailedEvent | undefined> {
  const { rows } = await db.query<EventRow & { transaction_id: string }>(
    'select transaction_id::text as transaction_id, position, stream_id, version, type, data, metadata, created_at from events where position = $1',
    [position],
  );
  const row = rows[0];
  return row && { ...toRecorded(row), cursor: { transactionId: row.transaction_id, position: Number(row.position) } };
}
