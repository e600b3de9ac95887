import type { Queryable } from './database.ts';

/** A finished request's answer, as it will be replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** What a key has done so far, as far as this store and the log know. */
export type KeyOutcome =
  /** The key's request finished: its answer, to replay. */
  | { kind: 'answered'; fingerprint: string; answer: StoredAnswer }
  /** The key's command is in the log but its answer was never kept (the process died in between). */
  | { kind: 'recorded'; fingerprint: string; streamId: string }
  | { kind: 'new' };

interface OutcomeRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string | string[]> | null;
  body: string | null;
  stream_id: string | null;
}

/**
 * One statement looks in both places a key leaves a trace: the kept answers (expired ones count as
 * absent) and the log, where a keyed command's first event carries `recordKey` (see
 * eventstore/command-keys.ts). An answer wins: it is what the client should have received.
 */
export async function findKeyOutcome(
  db: Queryable,
  input: { scope: string; key: string; recordKey: string },
): Promise<KeyOutcome> {
  const { rows } = await db.query<OutcomeRow>(
    `select fingerprint, status, headers, body, null as stream_id from idempotency_keys
     where scope = $1 and key = $2 and expires_at > now()
     union all
     select metadata ->> 'request', null, null, null, stream_id from events
     where metadata ? 'idempotencyKey' and metadata ->> 'idempotencyKey' = $3`,
    [input.scope, input.key, input.recordKey],
    { prepare: true },
  );
  const answered = rows.find((row) => row.status !== null);
  if (answered)
    return {
      kind: 'answered',
      fingerprint: answered.fingerprint,
      answer: { status: answered.status!, headers: answered.headers ?? {}, body: answered.body ?? '' },
    };
  const recorded = rows.find((row) => row.stream_id !== null);
  return recorded
    ? { kind: 'recorded', fingerprint: recorded.fingerprint, streamId: recorded.stream_id! }
    : { kind: 'new' };
}

/**
 * Keeps a finished request's answer under its scope and any further scopes (a session the request
 * created). The first answer kept for a key stays: a racing attempt's answer is not written over it.
 */
export async function keepAnswer(
  db: Queryable,
  input: { scopes: readonly string[]; key: string; fingerprint: string; ttlMs: number; answer: StoredAnswer },
): Promise<void> {
  const { status, headers, body } = input.answer;
  await db.query(
    `insert into idempotency_keys (scope, key, fingerprint, status, headers, body, expires_at)
     select s.scope, $2, $3, $4, $5, $6, now() + make_interval(secs => $7::float8 / 1000)
     from unnest($1::text[]) as s(scope)
     on conflict (scope, key) do update
       set fingerprint = excluded.fingerprint, status = excluded.status, headers = excluded.headers, body = excluded.body, expires_at = excluded.expires_at
       where idempotency_keys.expires_at <= now()`,
    [input.scopes, input.key, input.fingerprint, status, JSON.stringify(headers), body, input.ttlMs],
  );
}

/** Deletes expired keys; returns how many. */
export async function purgeIdempotencyKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'with gone as (delete from idempotency_keys where expires_at <= now() returning 1) select count(*)::int as n from gone',
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes remembered answers that mention `address` (a forgotten customer's), case ignored, in their body
 * or headers, as written or percent-encoded (a form's flash cookie encodes what a cookie cannot hold).
 * Deleting one too many is harmless: a retry of its key finds what the key recorded in the log.
 */
export async function forgetIdempotentAnswersMentioning(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with gone as (delete from idempotency_keys k
       where exists (select 1 from unnest($1::text[]) as t(text)
                     where strpos(lower(k.body), t.text) > 0 or strpos(lower(k.headers::text), t.text) > 0)
       returning 1)
     select count(*)::int as n from gone`,
    [[...new Set([address, encodeURIComponent(address)].map((text) => text.toLowerCase()))]],
  );
  return rows[0]?.n ?? 0;
}
