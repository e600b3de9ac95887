import { describe, expect, it } from 'vitest';
import { startConsumers } from '../../../consumers/consumer-runner.ts';
import type { Database } from '../../../db/database.ts';
import { appendToStream } from '../../../eventstore/event-store.ts';
import { BACKENDS, createTestDatabase } from '../../support/databases.ts';
import { openTwoPhasePglite } from '../../support/pglite-two-phase.ts';
import { recordingConsumer, testContext } from '../../support/recording-consumer.ts';
import { until } from '../../support/until.ts';

const gap = (n: number) => ({ type: 'GapTested', data: { n } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The earlier transaction takes its position first and commits last. A reader by position alone
 * would pass over it once it had seen the later one; the consumer must see the later one only once
 * the earlier has committed, and then both, in that order.
 */
async function provesGapSafety(db: Database, holdEarlier: () => Promise<{ position: number; commit: () => Promise<void> }>) {
  const earlier = await holdEarlier();
  const [later] = await appendToStream(db, 'gap-later', 0, [gap(2)]);
  expect(later!.position).toBeGreaterThan(earlier.position);
  const { consumer, seen } = recordingConsumer('gap-test', ['GapTested']);
  const running = startConsumers(db, [consumer], testContext(db), { pollMs: 10 });
  try {
    // Many polls while the earlier transaction is open: the committed later event must wait.
    await sleep(400);
    expect(seen).toEqual([]);
    await earlier.commit();
    await until(() => seen.length === 2);
    expect(seen).toEqual([earlier.position, later!.position]);
  } finally {
    await running.stop();
  }
}

describe.each(BACKENDS)('gap-safe reading on %s', (backend) => {
  it('a later position committed first is seen only after the earlier commits, and both are seen', async () => {
    if (backend === 'postgres') {
      const t = await createTestDatabase('postgres');
      try {
        await provesGapSafety(t.db, async () => {
          let release!: () => void;
          let taken!: (position: number) => void;
          const positionTaken = new Promise<number>((resolve) => (taken = resolve));
          const done = t.db.transaction(async (tx) => {
            const [event] = await appendToStream(tx, 'gap-earlier', 0, [gap(1)]);
            taken(event!.position);
            await new Promise<void>((resolve) => (release = resolve));
          });
          return { position: await positionTaken, commit: async () => (release(), await done) };
        });
      } finally {
        await t.drop();
      }
      return;
    }
    // One connection: the earlier transaction is set aside uncommitted with PREPARE TRANSACTION.
    const p = await openTwoPhasePglite();
    try {
      await provesGapSafety(p.db, async () => {
        await p.pglite.exec('begin');
        const [event] = await appendToStream(p.db, 'gap-earlier', 0, [gap(1)]);
        await p.pglite.exec("prepare transaction 'earlier'");
        return { position: event!.position, commit: async () => void (await p.pglite.exec("commit prepared 'earlier'")) };
      });
    } finally {
      await p.drop();
    }
  });
});
