import { describe, expect, it } from 'vitest';
import { startConsumers } from '../../../consumers/consumer-runner.ts';
import type { Database } from '../../../db/database.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { followLog } from '../../../eventstore/follow-log.ts';
import { LOG_START, type LoggedEvent, readCommittedAfter } from '../../../eventstore/log-tail.ts';
import { BACKENDS, createTestDatabase } from '../../support/databases.ts';
import { recordingConsumer, testContext } from '../../support/recording-consumer.ts';
import { until } from '../../support/until.ts';

/** Transaction ids are read out as text: ordered as text, '1000' would come before '999'. */
const ACROSS_A_POWER_OF_TEN = ['98', '99', '100', '101'];

/** Events of `type` as transactions long ended (ids below any running one) wrote them, in that order. */
async function insertEndedTransactions(db: Database, type: string, ids: readonly string[]): Promise<number[]> {
  const positions: number[] = [];
  for (const [i, id] of ids.entries()) {
    const { rows } = await db.query<{ position: string }>(
      `insert into events (transaction_id, stream_id, version, type, data) values ($1::xid8, $2, 1, $3, '{}') returning position`,
      [id, `${type}-${i}`, type],
    );
    positions.push(Number(rows[0]!.position));
  }
  return positions;
}

/**
 * Spends transaction ids (one subtransaction each, in one statement) until the next transaction's id
 * is `before` short of the next power of ten, so the transactions that follow cross it.
 */
async function nearPowerOfTen(db: Database, before: number): Promise<void> {
  const { rows } = await db.query<{ next: string }>('select pg_current_xact_id()::text as next');
  const next = BigInt(rows[0]!.next) + 1n;
  const power = 10n ** BigInt(next.toString().length);
  await db.exec(`create temporary table spent (n int);
    do $$ begin
      for i in 1..${power - next - BigInt(before)} loop
        begin insert into spent values (i); exception when others then null; end;
      end loop;
    end $$`);
}

describe.each(BACKENDS)('commit order across transaction ids of different lengths on %s', (backend) => {
  it('a consumer reads ids 98 to 101 in numeric order, batch after batch, skipping none', async () => {
    const t = await createTestDatabase(backend);
    try {
      const positions = await insertEndedTransactions(t.db, 'DigitsRead', ACROSS_A_POWER_OF_TEN);
      const { events: read } = await readCommittedAfter(t.db, LOG_START, { types: ['DigitsRead'] }, 10);
      expect(read.map((e) => e.cursor.transactionId)).toEqual(ACROSS_A_POWER_OF_TEN);

      const { consumer, seen } = recordingConsumer('digits', ['DigitsRead']);
      const running = startConsumers(t.db, [consumer], testContext(t.db), { pollMs: 10, batchSize: 2 });
      try {
        // A batch that ended at '101' would have put the checkpoint past 98 and 99 for good.
        await until(() => seen.length >= positions.length, 2_000).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(seen).toEqual(positions);
      } finally {
        await running.stop();
      }
    } finally {
      await t.drop();
    }
  });
});

// PGlite's ids are small and cross a power of ten early in a shop's life (a fresh shop near 1000).
describe('real transactions across a power of ten on pglite', () => {
  it('the consumer and the followed log see every event, in commit order', async () => {
    const t = await createTestDatabase('pglite');
    const stop = new AbortController();
    let following: Promise<void> | undefined;
    try {
      await nearPowerOfTen(t.db, 3);
      const followed: LoggedEvent[] = [];
      const from = Number(
        (await t.db.query<{ n: string }>('select coalesce(max(position), 0) + 1 as n from events')).rows[0]!.n,
      );
      following = (async () => {
        for await (const batch of followLog(t.db, {
          from,
          follow: true,
          pollMs: 10,
          batchSize: 2,
          signal: stop.signal,
        }))
          followed.push(...batch);
      })();
      // Past its first pass (nothing yet): what follows comes by transaction id.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const appended: number[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const [event] = await appendToStream(t.db, `digits-${i}`, 0, [{ type: 'DigitsCrossed', data: { i } }]);
        appended.push(event!.position);
      }
      for (const position of appended)
        ids.push(
          (
            await t.db.query<{ id: string }>('select transaction_id::text as id from events where position = $1', [
              position,
            ])
          ).rows[0]!.id,
        );
      expect(new Set(ids.map((id) => id.length)).size).toBe(2);

      const { consumer, seen } = recordingConsumer('digits-crossed', ['DigitsCrossed']);
      const running = startConsumers(t.db, [consumer], testContext(t.db), { pollMs: 10, batchSize: 2 });
      try {
        await until(() => seen.length >= appended.length && followed.length >= appended.length, 3_000).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(seen).toEqual(appended);
        expect(followed.map((e) => e.position)).toEqual(appended);
      } finally {
        await running.stop();
      }
    } finally {
      stop.abort();
      await following;
      await t.drop();
    }
  });
});
