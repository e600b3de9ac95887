// Events a consumer set aside: parked after its tries, queued again by an operator, or passed over.
import type { Queryable } from '../db/database.ts';
import { redactAddresses } from '../db/redact-addresses.ts';
import type { LogCursor } from './log-tail.ts';
import { type Lease, mentionsOf } from './consumer-checkpoints.ts';

export type DeadLetterStatus = 'parked' | 'retry' | 'skipped';

export interface DeadLetter {
  consumer: string;
  position: number;
  streamId: string;
  type: string;
  attempts: number;
  error: string;
  status: DeadLetterStatus;
  parkedAt: Date;
}

interface DeadLetterRow {
  consumer: string;
  position: string | number;
  stream_id: string;
  type: string;
  attempts: number;
  error: string;
  status: DeadLetterStatus;
  parked_at: Date;
}

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  consumer: row.consumer,
  position: Number(row.position),
  streamId: row.stream_id,
  type: row.type,
  attempts: row.attempts,
  error: row.error,
  status: row.status,
  parkedAt: row.parked_at,
});

export interface ParkedEvent {
  position: number;
  streamId: string;
  type: string;
  cursor: LogCursor;
}

/**
 * Parks an event the consumer gave up on and moves its checkpoint past it, in one statement, while
 * the lease is ours (false otherwise): the rest of the log goes on without it.
 */
export async function parkEvent(
  db: Queryable,
  lease: Lease,
  event: ParkedEvent,
  attempts: number,
  error: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `with advanced as (
       update consumer_checkpoints set transaction_id = $3::xid8, position = $4, failing_position = null, failed_attempts = 0,
         last_error = null, retry_at = null, updated_at = now()
       where consumer = $1 and lease_owner = $2 returning 1
     )
     insert into consumer_dead_letters (consumer, position, stream_id, type, attempts, error)
     select $1, $4, $5, $6, $7, $8 from advanced
     on conflict (consumer, position) do update set status = 'parked', attempts = consumer_dead_letters.attempts + excluded.attempts,
       error = excluded.error, parked_at = now()
     returning 1`,
    [
      lease.consumer,
      lease.owner,
      event.cursor.transactionId,
      event.position,
      event.streamId,
      event.type,
      attempts,
      error,
    ],
  );
  return rows.length > 0;
}

/** A retried dead letter failed again: parked once more, its tries counted. */
export async function parkAgain(db: Queryable, consumer: string, position: number, error: string): Promise<void> {
  await db.query(
    `update consumer_dead_letters set status = 'parked', attempts = attempts + 1, error = $3, parked_at = now() where consumer = $1 and position = $2`,
    [consumer, position, error],
  );
}

/** A retried dead letter was handled: it is no longer dead. */
export async function removeDeadLetter(db: Queryable, consumer: string, position: number): Promise<void> {
  await db.query('delete from consumer_dead_letters where consumer = $1 and position = $2', [consumer, position]);
}

/** Dead letters an operator asked to try again, oldest first. */
export async function retriesRequested(db: Queryable, consumer: string, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ position: string | number }>(
    `select position from consumer_dead_letters where consumer = $1 and status = 'retry' order by position limit $2`,
    [consumer, limit],
  );
  return rows.map((row) => Number(row.position));
}

/** Queues parked events for another try: one, or all of the consumer's. Answers how many. */
export async function requestRetry(db: Queryable, consumer: string, position?: number): Promise<number> {
  const { rows } = await db.query(
    `update consumer_dead_letters set status = 'retry' where consumer = $1 and status = 'parked' and ($2::bigint is null or position = $2) returning 1`,
    [consumer, position ?? null],
  );
  return rows.length;
}

/**
 * Passes over an event for good: a dead letter becomes a skipped one (kept as a record); an event not
 * yet dead (the one the consumer is retrying) gets a skipped record, which the consumer honours
 * before its next try. Answers false when it was already skipped.
 */
export async function skipEvent(
  db: Queryable,
  consumer: string,
  event: { position: number; streamId: string; type: string },
  reason: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into consumer_dead_letters (consumer, position, stream_id, type, attempts, error, status)
     values ($1, $2, $3, $4, 0, $5, 'skipped')
     on conflict (consumer, position) do update set status = 'skipped' where consumer_dead_letters.status <> 'skipped'
     returning 1`,
    [consumer, event.position, event.streamId, event.type, reason],
  );
  return rows.length > 0;
}

/** Whether an operator told the consumer to pass over the event at `position`. */
export async function isSkipped(db: Queryable, consumer: string, position: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from consumer_dead_letters where consumer = $1 and position = $2 and status = 'skipped'`,
    [consumer, position],
  );
  return rows.length > 0;
}

/** A consumer's dead letters (parked and queued for retry; skipped ones too with `all`), oldest first. */
export async function listDeadLetters(
  db: Queryable,
  consumer?: string,
  options: { all?: boolean } = {},
): Promise<DeadLetter[]> {
  const { rows } = await db.query<DeadLetterRow>(
    `select consumer, position, stream_id, type, attempts, error, status, parked_at from consumer_dead_letters
     where ($1::text is null or consumer = $1) and ($2 or status <> 'skipped') order by consumer, position`,
    [consumer ?? null, options.all ?? false],
  );
  return rows.map(toDeadLetter);
}

/**
 * Redacts `address` (a forgotten customer's, case ignored) from the dead letters' errors and skip
 * reasons: the runner records errors redacted, but older rows, and a reason an operator typed, may
 * still name it. Answers how many it rewrote.
 */
export async function redactDeadLettersMentioning(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ consumer: string; position: string | number; error: string }>(
    `select consumer, position, error from consumer_dead_letters
     where exists (select 1 from unnest($1::text[]) as t(text) where strpos(lower(error), t.text) > 0) for update`,
    [mentionsOf(address)],
  );
  for (const row of rows) {
    await db.query('update consumer_dead_letters set error = $3 where consumer = $1 and position = $2', [
      row.consumer,
      row.position,
      redactAddresses(row.error, address),
    ]);
  }
  return rows.length;
}
