// Where each consumer stands in the log, who runs it (a lease), and the event it is retrying.
import type { Queryable } from '../db/database.ts';
import { redactAddresses } from '../db/redact-addresses.ts';
import type { LogCursor } from './log-tail.ts';

export interface ConsumerCheckpoint {
  consumer: string;
  cursor: LogCursor;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  /** The event at the consumer's head that failed, its failed tries so far, the last error, and when it is tried again. */
  failingPosition: number | null;
  failedAttempts: number;
  lastError: string | null;
  retryAt: Date | null;
  updatedAt: Date;
}

interface CheckpointRow {
  consumer: string;
  transaction_id: string;
  position: string | number;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  failing_position: string | number | null;
  failed_attempts: number;
  last_error: string | null;
  retry_at: Date | null;
  updated_at: Date;
}

const COLUMNS = `consumer, transaction_id::text as transaction_id, position, lease_owner, lease_expires_at,
  failing_position, failed_attempts, last_error, retry_at, updated_at`;

const toCheckpoint = (row: CheckpointRow): ConsumerCheckpoint => ({
  consumer: row.consumer,
  cursor: { transactionId: row.transaction_id, position: Number(row.position) },
  leaseOwner: row.lease_owner,
  leaseExpiresAt: row.lease_expires_at,
  failingPosition: row.failing_position === null ? null : Number(row.failing_position),
  failedAttempts: row.failed_attempts,
  lastError: row.last_error,
  retryAt: row.retry_at,
  updatedAt: row.updated_at,
});

/** Every consumer's stored checkpoint (a consumer that never ran has none). */
export async function readCheckpoints(db: Queryable): Promise<ConsumerCheckpoint[]> {
  const { rows } = await db.query<CheckpointRow>(`select ${COLUMNS} from consumer_checkpoints order by consumer`);
  return rows.map(toCheckpoint);
}

/** Records a consumer's starting point the first time it runs; a stored one is kept. */
export async function createCheckpoint(db: Queryable, consumer: string, start: LogCursor): Promise<void> {
  await db.query(
    'insert into consumer_checkpoints (consumer, transaction_id, position) values ($1, $2::xid8, $3) on conflict (consumer) do nothing',
    [consumer, start.transactionId, start.position],
  );
}

export interface Lease {
  consumer: string;
  owner: string;
  leaseMs: number;
}

/**
 * Takes or renews the consumer's lease, in one statement: it is free, ours, or its owner let it
 * expire (a killed instance), or `takeOver` says any holder is gone (an embedded database has one
 * process). Answers the checkpoint when the lease is ours, undefined when another instance runs it.
 */
export async function claimLease(
  db: Queryable,
  lease: Lease,
  takeOver = false,
): Promise<ConsumerCheckpoint | undefined> {
  const { rows } = await db.query<CheckpointRow>(
    `update consumer_checkpoints set lease_owner = $2, lease_expires_at = now() + $3 * interval '1 millisecond'
     where consumer = $1 and (lease_owner is null or lease_owner = $2 or lease_expires_at < now() or $4)
     returning ${COLUMNS}`,
    [lease.consumer, lease.owner, lease.leaseMs, takeOver],
  );
  return rows[0] && toCheckpoint(rows[0]);
}

/** Extends the lease while it is ours (a handler at work on one event): false when another instance holds it. */
export async function renewLease(db: Queryable, lease: Lease): Promise<boolean> {
  const { rows } = await db.query(
    `update consumer_checkpoints set lease_expires_at = now() + $3 * interval '1 millisecond' where consumer = $1 and lease_owner = $2 returning 1`,
    [lease.consumer, lease.owner, lease.leaseMs],
  );
  return rows.length > 0;
}

/** Lets the lease go (a clean stop), so another instance need not wait for it to expire. */
export async function releaseLease(db: Queryable, lease: Lease): Promise<void> {
  await db.query(
    'update consumer_checkpoints set lease_owner = null, lease_expires_at = null where consumer = $1 and lease_owner = $2',
    [lease.consumer, lease.owner],
  );
}

/**
 * Moves the checkpoint to `cursor` and renews the lease, only while the lease is ours: false when
 * another instance has taken the consumer over (its work since then is not recorded; it is repeated).
 */
export async function saveCheckpoint(db: Queryable, lease: Lease, cursor: LogCursor): Promise<boolean> {
  const { rows } = await db.query(
    `update consumer_checkpoints set transaction_id = $3::xid8, position = $4, failing_position = null, failed_attempts = 0,
       last_error = null, retry_at = null, lease_expires_at = now() + $5 * interval '1 millisecond', updated_at = now()
     where consumer = $1 and lease_owner = $2 returning 1`,
    [lease.consumer, lease.owner, cursor.transactionId, cursor.position, lease.leaseMs],
  );
  return rows.length > 0;
}

export interface Backoff {
  /** The wait after the first failure; each further one doubles it, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
}

/** Counts a failed try of the event at `position` and sets when it is tried again; answers the tries so far (0: lease lost). */
export async function recordFailure(
  db: Queryable,
  lease: Lease,
  position: number,
  error: string,
  backoff: Backoff,
): Promise<number> {
  const { rows } = await db.query<{ failed_attempts: number }>(
    `update consumer_checkpoints set
       failed_attempts = case when failing_position = $3 then failed_attempts + 1 else 1 end,
       retry_at = now() + least($6::float8, $5::float8 * power(2, case when failing_position = $3 then failed_attempts else 0 end)) * interval '1 millisecond',
       failing_position = $3, last_error = $4, updated_at = now()
     where consumer = $1 and lease_owner = $2 returning failed_attempts`,
    [lease.consumer, lease.owner, position, error, backoff.baseMs, backoff.maxMs],
  );
  return rows[0]?.failed_attempts ?? 0;
}

/** Makes the event the consumer is retrying due now (an operator's retry). Answers whether it was the one. */
export async function retryFailingNow(db: Queryable, consumer: string, position: number | undefined): Promise<boolean> {
  const { rows } = await db.query(
    `update consumer_checkpoints set retry_at = now() where consumer = $1 and failing_position is not null and ($2::bigint is null or failing_position = $2) returning 1`,
    [consumer, position ?? null],
  );
  return rows.length > 0;
}

/** The forms of `address` a stored text may hold it in, lower-cased: as written and percent-encoded. */
export const mentionsOf = (address: string) => [
  ...new Set([address, encodeURIComponent(address)].map((text) => text.trim().toLowerCase())),
];

/**
 * Redacts `address` (a forgotten customer's, case ignored) from the errors the consumers are retrying:
 * the runner records them redacted, but rows written before it did may still name it. Answers how many
 * it rewrote.
 */
export async function redactFailuresMentioning(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ consumer: string; last_error: string }>(
    `select consumer, last_error from consumer_checkpoints
     where exists (select 1 from unnest($1::text[]) as t(text) where strpos(lower(last_error), t.text) > 0) for update`,
    [mentionsOf(address)],
  );
  for (const row of rows) {
    await db.query('update consumer_checkpoints set last_error = $2 where consumer = $1', [
      row.consumer,
      redactAddresses(row.last_error, address),
    ]);
  }
  return rows.length;
}
