import { describe, expect, it } from 'vitest';
import { startConsumers } from '../../../consumers/consumer-runner.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { readCheckpoints } from '../../../eventstore/consumer-checkpoints.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { LOG_START, readCommittedAfter } from '../../../eventstore/log-tail.ts';
import { BACKENDS, createTestDatabase } from '../../support/databases.ts';
import { openTwoPhasePglite } from '../../support/pglite-two-phase.ts';
import { recordingConsumer, testContext } from '../../support/recording-consumer.ts';
import { until } from '../../support/until.ts';

const gap = (n: number) => ({ type: 'GapTested', data: { n } });
const GAP_TYPES = { types: ['GapTested'] };

/** The earlier transaction, open: its event's position, its transaction id, and how to commit it. */
interface HeldOpen {
  position: number;
  transactionId: bigint;
  commit(): Promise<void>;
}

/** Whether the database still sees the transaction as running (not committed, not rolled back). */
async function stillOpen(db: Queryable, transactionId: bigint): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>('select pg_xact_status($1::xid8) as status', [
    transactionId.toString(),
  ]);
  return rows[0]!.status === 'in progress';
}

/** Appends the earlier event in `tx` and answers it with the id of the transaction holding it. */
async function appendEarlier(tx: Queryable): Promise<{ position: number; transactionId: bigint }> {
  const [event] = await appendToStream(tx, 'gap-earlier', 0, [gap(1)]);
  const { rows } = await tx.query<{ id: string }>('select pg_current_xact_id()::text as id');
  return { position: event!.position, transactionId: BigInt(rows[0]!.id) };
}

/**
 * The earlier transaction takes its position first and commits last. A reader by position alone
 * would pass over it once it had seen the later one; the consumer must see the later one only once
 * the earlier has committed, and then both, in that order. Reads are shown to happen, and to
 * return, while the earlier transaction is open: a read that waited for it would prove nothing.
 * With the later event of a type the consumer does not read, the earlier one's commit moves neither
 * the highest position nor the newest transaction id: the idle consumer must still see it at once.
 */
async function provesGapSafety(db: Database, holdEarlier: () => Promise<HeldOpen>, laterType: string) {
  const earlier = await holdEarlier();
  const [later] = await appendToStream(db, 'gap-later', 0, [{ ...gap(2), type: laterType }]);
  const expected = laterType === 'GapTested' ? [earlier.position, later!.position] : [earlier.position];
  expect(later!.position).toBeGreaterThan(earlier.position);

  // A read of the log, returned while the earlier transaction is still open: the later event,
  // committed, is held back, and the read stands no further than the open transaction.
  const during = await readCommittedAfter(db, LOG_START, GAP_TYPES, 100);
  expect(await stillOpen(db, earlier.transactionId)).toBe(true);
  expect(during.events).toEqual([]);
  expect(BigInt(during.through.transactionId)).toBeLessThanOrEqual(earlier.transactionId);

  const { consumer, seen } = recordingConsumer('gap-test', ['GapTested']);
  const running = startConsumers(db, [consumer], testContext(db), { pollMs: 10 });
  try {
    // The consumer's first read moves its checkpoint from the start of the log to the horizon it read
    // up to (it handles what it read before it records where it stands): once it has, it read while
    // the earlier transaction was open, and handled nothing.
    const checkpoint = async () => (await readCheckpoints(db)).find((c) => c.consumer === 'gap-test');
    await until(async () => ((await checkpoint())?.cursor.transactionId ?? '0') !== LOG_START.transactionId);
    expect(await stillOpen(db, earlier.transactionId)).toBe(true);
    expect(BigInt((await checkpoint())!.cursor.transactionId)).toBeLessThanOrEqual(earlier.transactionId);
    expect(seen).toEqual([]);

    await earlier.commit();
    expect(await stillOpen(db, earlier.transactionId)).toBe(false);
    const after = await readCommittedAfter(db, LOG_START, GAP_TYPES, 100);
    expect(after.events.map((e) => e.position)).toEqual(expected);
    // Well within the consumer's longest idle wait (a fifth of its 15 s lease).
    await until(() => seen.length === expected.length, 1_000);
    expect(seen).toEqual(expected);
  } finally {
    await running.stop();
  }
}

describe.each(BACKENDS)('gap-safe reading on %s', (backend) => {
  it.each([
    ['GapTested', 'both are seen'],
    ['GapOther', 'the earlier is seen at once, though its commit moved no head'],
  ])('a later position (%s) committed first is seen only after the earlier commits: %s', async (laterType) => {
    if (backend === 'postgres') {
      const t = await createTestDatabase('postgres');
      try {
        await provesGapSafety(
          t.db,
          async () => {
            let release!: () => void;
            let taken!: (appended: { position: number; transactionId: bigint }) => void;
            const appended = new Promise<{ position: number; transactionId: bigint }>((resolve) => (taken = resolve));
            const done = t.db.transaction(async (tx) => {
              taken(await appendEarlier(tx));
              await new Promise<void>((resolve) => (release = resolve));
            });
            return { ...(await appended), commit: async () => (release(), await done) };
          },
          laterType,
        );
      } finally {
        await t.drop();
      }
      return;
    }
    // One connection: the earlier transaction is set aside uncommitted with PREPARE TRANSACTION.
    const p = await openTwoPhasePglite();
    try {
      await provesGapSafety(
        p.db,
        async () => {
          await p.pglite.exec('begin');
          const appended = await appendEarlier(p.db);
          await p.pglite.exec("prepare transaction 'earlier'");
          return { ...appended, commit: async () => void (await p.pglite.exec("commit prepared 'earlier'")) };
        },
        laterType,
      );
    } finally {
      await p.drop();
    }
  });
});
