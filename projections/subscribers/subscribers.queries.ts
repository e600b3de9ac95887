import { availableParallelism } from 'node:os';
import type { Database, Queryable } from '../../db/database.ts';
import { type EmailOpener, inlineOpener, workerOpener } from './open-emails.ts';

/** A subscriber as exported: `subscribedAt` is ISO 8601 in UTC (milliseconds, or microseconds when the stored time has them). */
export interface ExportedSubscriber {
  email: string;
  subscribedAt: string;
}

/**
 * Rows per fetch from the export's cursor. A fetch costs little more than its rows, so small batches
 * cost no speed and keep less in memory.
 */
export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Every subscriber (optionally since a date) in (subscribed_at, subscriber id) order, addresses opened
 * with each subscriber's key, in batches. One query through a cursor, in one transaction: one snapshot
 * and one plan for the whole export (a hash join of the subscribers with their keys, planned for every
 * row rather than the first ones), where keyset pages would each look up their keys one by one. While the caller writes one batch, the next few are being fetched and
 * opened, by worker threads in parallel once a batch comes back full (an export of one batch opens its
 * addresses in this thread: starting threads would cost more); memory stays at those few batches.
 */
export async function* streamSubscribers(
  db: Database,
  options: { since?: Date; batchSize?: number } = {},
): AsyncGenerator<ExportedSubscriber[]> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  let opener: EmailOpener | undefined;
  const openerFor = (fullBatch: boolean) => (fullBatch ? (opener ??= workerOpener()) : (opener ?? inlineOpener));
  const pending: Array<Promise<ExportedSubscriber[]>> = [];
  // One batch per thread being opened, one more being fetched: every core stays busy.
  const ahead = availableParallelism() + 1;
  let finished = false;
  let failure: unknown;
  let stopped = false;
  let wakeConsumer = () => {};
  let wakeProducer = () => {};
  const producing = db
    .transaction(async (tx) => {
      await tx.query('set local cursor_tuple_fraction = 1');
      // Joined with the keys: a subscriber whose key is gone (forgotten) cannot be exported, row or not.
      // The rows are sorted as stored and turned into text after the sort (OFFSET 0 keeps the planner
      // from computing them below it), as each fetch asks for them: the sort, which the first row
      // waits for, moves fewer bytes, and the text is made while the process opens addresses.
      await tx.query(
        `declare subscriber_export no scroll cursor for
         select x.email_cipher, encode(x.key, 'hex') as key, to_char(x.subscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
         from (
           select s.email_cipher, k.key, s.subscribed_at
           from subscribers s join subscriber_keys k on k.subscriber_id = s.subscriber_id
           where s.subscribed_at >= $1
           order by s.subscribed_at, s.subscriber_id
           offset 0
         ) x`,
        [options.since ?? new Date(0)],
      );
      while (!stopped) {
        const { rows } = await tx.query<{ email_cipher: string; key: string; at: string }>(
          `fetch forward ${batchSize} from subscriber_export`,
        );
        if (rows.length === 0) break;
        const batch = openerFor(rows.length === batchSize)
          .open(
            rows.map((r) => r.key),
            rows.map((r) => r.email_cipher),
          )
          .then((emails) =>
            rows.map((r, i) => ({
              email: emails[i]!,
              subscribedAt: r.at.endsWith('000Z') ? `${r.at.slice(0, -4)}Z` : r.at,
            })),
          );
        // Awaited in order by the consumer; until then a failure must not count as unhandled.
        batch.catch(() => {});
        pending.push(batch);
        wakeConsumer();
        if (rows.length < batchSize) break;
        while (pending.length >= ahead && !stopped) await new Promise<void>((resolve) => (wakeProducer = resolve));
      }
    })
    .then(
      () => {
        finished = true;
        wakeConsumer();
      },
      (error: unknown) => {
        failure = error;
        finished = true;
        wakeConsumer();
      },
    );
  try {
    for (;;) {
      const batch = pending.shift();
      if (batch) {
        wakeProducer();
        yield await batch;
        continue;
      }
      if (finished) {
        if (failure) throw failure;
        return;
      }
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
    }
  } finally {
    // The caller stopped early (a closed pipe): end the transaction before the database is closed.
    stopped = true;
    wakeProducer();
    await producing;
    await opener?.close();
  }
}

/** How many subscribers signed up at or after `since` (all when unset). */
export async function countSubscribersSince(db: Queryable, since?: Date): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'select count(*) as n from subscribers where subscribed_at >= $1',
    [since ?? new Date(0)],
  );
  return Number(rows[0]?.n ?? 0);
}
