import type { Queryable } from '../../db/database.ts';
import { decryptEmail } from '../../domain/subscriptions/email-cipher.ts';

/** A subscriber as exported: `subscribedAt` is ISO 8601 in UTC (milliseconds, or microseconds when the stored time has them). */
export interface ExportedSubscriber {
  email: string;
  subscribedAt: string;
}

/**
 * Every subscriber (optionally since a date) in (subscribed_at, subscriber id) order, addresses opened
 * with each subscriber's key, as keyset batches: the
 * cursor is the stored timestamp at full microsecond precision, so no row is skipped or repeated
 * however many share a millisecond, and memory stays at one batch whatever the total. The next
 * batch is fetched while the caller consumes the current one.
 */
export async function* streamSubscribers(db: Queryable, options: { since?: Date; batchSize?: number } = {}): AsyncGenerator<ExportedSubscriber[]> {
  const batchSize = options.batchSize ?? 10_000;
  const since = options.since ?? new Date(0);
  // Joined with the keys: a subscriber whose key is gone (forgotten) cannot be exported, row or not.
  const fetchPage = (after: { at: string; id: string } | null) =>
    db.query<{ subscriber_id: string; email_cipher: string; key: Uint8Array; at: string }>(
      `select s.subscriber_id, s.email_cipher, k.key, to_char(s.subscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
       from subscribers s join subscriber_keys k on k.subscriber_id = s.subscriber_id
       where s.subscribed_at >= $1
         and ($2::timestamptz is null or (s.subscribed_at, s.subscriber_id) > ($2::timestamptz, $3::text))
       order by s.subscribed_at, s.subscriber_id
       limit $4`,
      [since, after?.at ?? null, after?.id ?? '', batchSize],
    );
  let page = fetchPage(null);
  for (;;) {
    const { rows } = await page;
    const last = rows[rows.length - 1];
    // Prefetch while the caller writes this batch out.
    if (rows.length === batchSize && last) {
      page = fetchPage({ at: last.at, id: last.subscriber_id });
      // If the caller stops early, a failing prefetch must not surface as an unhandled rejection.
      page.catch(() => {});
    }
    if (rows.length > 0) {
      yield rows.map((r) => ({
        email: decryptEmail(Buffer.from(r.key), r.email_cipher),
        subscribedAt: r.at.endsWith('000Z') ? `${r.at.slice(0, -4)}Z` : r.at,
      }));
    }
    if (rows.length < batchSize) return;
  }
}

/** How many subscribers signed up at or after `since` (all when unset). */
export async function countSubscribersSince(db: Queryable, since?: Date): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('select count(*) as n from subscribers where subscribed_at >= $1', [since ?? new Date(0)]);
  return Number(rows[0]?.n ?? 0);
}

/** The last log position this read model reflects (inline writes keep it current). */
export async function subscribersCheckpoint(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ position: string | number | null }>('select max(position) as position from subscribers');
  return Number(rows[0]?.position ?? 0);
}
