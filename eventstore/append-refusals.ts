// The typed refusals of an append, and the one reading of a failed append's database error.
import { SqlState, sqlStateOf } from '../db/database.ts';
import { AlreadyRecorded, isKeyTaken } from './command-keys.ts';

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

/**
 * A read model refused what the append's projection steps would write (a check or unique constraint
 * of a read-model table: stock that would go below zero, an order number already taken). Nothing
 * was written. The facts the command was decided on are stale: decided again on fresh ones, it is
 * either written or refused by the domain in words a person reads.
 */
export class ReadModelRefused extends Error {
  constructor(readonly constraint: string) {
    super(`the read model refused the append (${constraint})`);
    this.name = 'ReadModelRefused';
  }
}

/**
 * A row the append must change (a variant's stock) stayed locked by another transaction longer than
 * the command's lock timeout: nothing was written. Busy, not refused: the same request may pass in a
 * moment, and the caller answers so rather than keep the shopper waiting.
 */
export class LockWaitTooLong extends Error {
  constructor(readonly streamId: string) {
    super(`an append to ${streamId} waited too long for a lock`);
    this.name = 'LockWaitTooLong';
  }
}

/** The unique constraint on (stream_id, version) that backs every append's version check. */
const STREAM_VERSION = 'events_stream_version';

/**
 * The store's one reading of a failed append's database error: its idempotency key already in the
 * log, the stream moved on, a read model's constraint said no, or a lock waited for too long;
 * anything else as it was raised.
 */
export function appendFailure(
  error: unknown,
  streamId: string,
  expectedVersion: number,
  keyOf: () => unknown,
): unknown {
  if (isKeyTaken(error)) return new AlreadyRecorded(String(keyOf()));
  const state = sqlStateOf(error);
  const constraint =
    typeof error === 'object' && error !== null && 'constraint' in error && typeof error.constraint === 'string'
      ? error.constraint
      : undefined;
  if (state === SqlState.uniqueViolation && (constraint === STREAM_VERSION || constraint === undefined))
    return new ConcurrencyConflict(streamId, expectedVersion);
  // A deadlock victim's statement was rolled back whole: to retry it is as safe as after a conflict.
  if (state === SqlState.deadlockDetected) return new ConcurrencyConflict(streamId, expectedVersion);
  if (state === SqlState.lockNotAvailable) return new LockWaitTooLong(streamId);
  if ((state === SqlState.uniqueViolation || state === SqlState.checkViolation) && constraint)
    return new ReadModelRefused(constraint);
  return error;
}
