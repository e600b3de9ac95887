import type { Queryable } from './database.ts';

/** A finished request's answer, as it will be replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export type Claim =
  /** The key is new (or its earlier claim lapsed): this request runs and must finish or release it. */
  | { kind: 'claimed' }
  /** The key already answered this very request. */
  | { kind: 'answered'; answer: StoredAnswer }
  /** The key was used for a different request. */
  | { kind: 'mismatch' }
  /** The first request with this key is still running. */
  | { kind: 'running' };

interface KeyRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string | string[]> | null;
  body: string | null;
  claimed: boolean;
}

/**
 * Idempotency keys over the idempotency_keys table. One statement claims a key: it inserts a running
 * row, or takes over a running row whose lease lapsed (its server died), or else returns the row as it
 * stands. Expired rows count as absent, so a key can be reused after its lifetime.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  input: { scope: string; key: string; fingerprint: string; leaseMs: number; ttlMs: number },
): Promise<Claim> {
  const { rows } = await db.query<KeyRow>(
    `with claimed as (
       insert into idempotency_keys as k (scope, key, fingerprint, locked_until, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4::float8 / 1000), now() + make_interval(secs => $5::float8 / 1000))
       on conflict (scope, key) do update
         set fingerprint = excluded.fingerprint, status = null, headers = null, body = null,
             locked_until = excluded.locked_until, expires_at = excluded.expires_at
         where k.expires_at <= now() or (k.status is null and k.locked_until <= now() and k.fingerprint = excluded.fingerprint)
       returning fingerprint, status, headers, body, true as claimed
     )
     select * from claimed
     union all
     select fingerprint, status, headers, body, false as claimed from idempotency_keys
     where scope = $1 and key = $2 and not exists (select 1 from claimed)`,
    [input.scope, input.key, input.fingerprint, input.leaseMs, input.ttlMs],
  );
  const row = rows[0];
  // No row at all: a concurrent claim's insert is not visible yet; the caller asks again.
  if (!row) return { kind: 'running' };
  if (row.claimed) return { kind: 'claimed' };
  if (row.fingerprint !== input.fingerprint) return { kind: 'mismatch' };
  if (row.status === null) return { kind: 'running' };
  return { kind: 'answered', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
}

/** Records the answer to a claimed key, under its scope and under any further scopes (a session the request created). */
export async function finishIdempotencyKey(
  db: Queryable,
  input: { scope: string; key: string; alsoScopes: readonly string[]; answer: StoredAnswer },
): Promise<void> {
  const { status, headers, body } = input.answer;
  await db.query(
    `with finished as (
       update idempotency_keys set status = $3, headers = $4, body = $5
       where scope = $1 and key = $2
       returning fingerprint, expires_at
     )
     insert into idempotency_keys (scope, key, fingerprint, status, headers, body, locked_until, expires_at)
     select s.scope, $2, f.fingerprint, $3, $4, $5, now(), f.expires_at
     from finished f, unnest($6::text[]) as s(scope)
     on conflict (scope, key) do nothing`,
    [input.scope, input.key, status, JSON.stringify(headers), body, input.alsoScopes],
  );
}

/** Gives a claimed key back unanswered (the request failed in a way a retry may fix). */
export async function releaseIdempotencyKey(db: Queryable, input: { scope: string; key: string }): Promise<void> {
  await db.query('delete from idempotency_keys where scope = $1 and key = $2 and status is null', [input.scope, input.key]);
}

/** Deletes expired keys; returns how many. */
export async function purgeIdempotencyKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'with gone as (delete from idempotency_keys where expires_at <= now() returning 1) select count(*)::int as n from gone',
  );
  return rows[0]?.n ?? 0;
}

/** Deletes remembered answers whose body contains `text` (a forgotten subscriber's address, JSON-quoted). */
export async function forgetIdempotentAnswersMentioning(db: Queryable, text: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'with gone as (delete from idempotency_keys where strpos(body, $1) > 0 returning 1) select count(*)::int as n from gone',
    [text],
  );
  return rows[0]?.n ?? 0;
}
