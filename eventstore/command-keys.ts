// A command's idempotency key, recorded with its events so that it takes effect at most once.
import { type Queryable, SqlState, sqlStateOf } from '../db/database.ts';
import type { NewEvent } from './streams.ts';

/**
 * The key of the request a command answers (a hash of who sent it and the key they chose) and that
 * request's fingerprint. The command's first event carries both in its metadata, under a unique
 * index: whatever happens to the process after the commit, the log says the key took effect.
 */
export interface CommandKey {
  key: string;
  request: string;
  /** The stream an earlier attempt with this key recorded into: the command is not run again. */
  recordedIn?: string;
}

/** The unique index on the key in event metadata (migration 0013). */
const KEY_INDEX = 'events_idempotency_key';

/** An append whose key another attempt already recorded: nothing of this one was written. */
export class AlreadyRecorded extends Error {
  constructor(readonly key: string) {
    super(`a command with idempotency key ${key} is already recorded`);
    this.name = 'AlreadyRecorded';
  }
}

/** Whether a failed append failed because its key is already in the log. */
export function isKeyTaken(error: unknown): boolean {
  return (
    sqlStateOf(error) === SqlState.uniqueViolation &&
    typeof error === 'object' &&
    error !== null &&
    'constraint' in error &&
    error.constraint === KEY_INDEX
  );
}

/** The events with the key carried by the first (the index allows it once in the whole log). */
export function stampKey<Event extends NewEvent>(events: readonly Event[], { key, request }: CommandKey): Event[] {
  const [first, ...rest] = events;
  if (!first) return [];
  return [{ ...first, metadata: { ...first.metadata, idempotencyKey: key, request } }, ...rest];
}

/** What an earlier attempt with this key recorded: its stream and the fingerprint of its request. */
export async function recordedUnder(
  db: Queryable,
  key: string,
): Promise<{ streamId: string; request: string } | undefined> {
  const { rows } = await db.query<{ stream_id: string; request: string }>(
    `select stream_id, metadata ->> 'request' as request from events
     where metadata ? 'idempotencyKey' and metadata ->> 'idempotencyKey' = $1`,
    [key],
    { prepare: true },
  );
  const row = rows[0];
  return row && { streamId: row.stream_id, request: row.request };
}
