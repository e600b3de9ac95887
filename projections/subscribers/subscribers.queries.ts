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
