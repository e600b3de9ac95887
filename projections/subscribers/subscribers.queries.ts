import type { Queryable } from '../../db/database.ts';

export interface SubscriberRow {
  email: string;
  subscribedAt: Date;
}

export interface SubscriberPage {
  rows: SubscriberRow[];
  /** Pass back as `after` for the next page; undefined when this was the last page. */
  next?: { subscribedAt: Date; email: string };
}

/**
 * One keyset page of subscribers in (subscribed_at, email) order: a cursor that costs the same on
 * page 1 and page 1,000 and lets an export stream a million rows at constant memory.
 */
export async function subscribersPage(
  db: Queryable,
  options: { since?: Date; after?: { subscribedAt: Date; email: string }; limit?: number } = {},
): Promise<SubscriberPage> {
  const limit = options.limit ?? 5_000;
  const { rows } = await db.query<{ email: string; subscribed_at: Date }>(
    `select email, subscribed_at from subscribers
     where subscribed_at >= $1
       and ($2::timestamptz is null or (subscribed_at, email) > ($2::timestamptz, $3::text))
     order by subscribed_at, email
     limit $4`,
    [options.since ?? new Date(0), options.after?.subscribedAt ?? null, options.after?.email ?? '', limit],
  );
  const mapped = rows.map((r) => ({ email: r.email, subscribedAt: new Date(r.subscribed_at) }));
  const last = mapped[mapped.length - 1];
  return { rows: mapped, ...(mapped.length === limit && last ? { next: { subscribedAt: last.subscribedAt, email: last.email } } : {}) };
}

export async function subscriberCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('select count(*) as n from subscribers');
  return Number(rows[0]?.n ?? 0);
}

/** A subscriber as exported: `subscribedAt` is ISO 8601 in UTC (milliseconds, or microseconds when the stored time has them). */
export interface ExportedSubscriber {
  email: string;
  subscribedAt: string;
}

/**
 * Every subscriber (optionally since a date) in (subscribed_at, email) order, as keyset batches: the
 * cursor is the stored timestamp at full microsecond precision, so no row is skipped or repeated
 * however many share a millisecond, and memory stays at one batch whatever the total. The next
 * batch is fetched while the caller consumes the current one.
 */
export async function* streamSubscribers(db: Queryable, options: { since?: Date; batchSize?: number } = {}): AsyncGenerator<ExportedSubscriber[]> {
  const batchSize = options.batchSize ?? 10_000;
  const since = options.since ?? new Date(0);
  const fetchPage = (after: { at: string; email: string } | null) =>
    db.query<{ email: string; at: string }>(
      `select email, to_char(subscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
       from subscribers
       where subscribed_at >= $1
         and ($2::timestamptz is null or (subscribed_at, email) > ($2::timestamptz, $3::text))
       order by subscribed_at, email
       limit $4`,
      [since, after?.at ?? null, after?.email ?? '', batchSize],
    );
  let page = fetchPage(null);
  for (;;) {
    const { rows } = await page;
    const last = rows[rows.length - 1];
    // Prefetch while the caller writes this batch out.
    if (rows.length === batchSize && last) {
      page = fetchPage({ at: last.at, email: last.email });
      // If the caller stops early, a failing prefetch must not surface as an unhandled rejection.
      page.catch(() => {});
    }
    if (rows.length > 0) yield rows.map((r) => ({ email: r.email, subscribedAt: r.at.endsWith('000Z') ? `${r.at.slice(0, -4)}Z` : r.at }));
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
