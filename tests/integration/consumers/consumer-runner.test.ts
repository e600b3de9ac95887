import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumers } from '../../../consumers/consumer-runner.ts';
import { claimLease, createCheckpoint, readCheckpoints } from '../../../eventstore/consumer-checkpoints.ts';
import { LOG_START } from '../../../eventstore/log-tail.ts';
import { listDeadLetters, requestRetry, skipEvent } from '../../../eventstore/dead-letters.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { recordingConsumer, testContext } from '../../support/recording-consumer.ts';
import { until } from '../../support/until.ts';

const FAST = { pollMs: 10, backoff: { baseMs: 20, maxMs: 40 } };
let streams = 0;
async function append(t: TestDatabase, type: string, count: number): Promise<number[]> {
  const positions: number[] = [];
  for (let i = 0; i < count; i++) {
    const [event] = await appendToStream(t.db, `runner-${(streams += 1)}`, 0, [{ type, data: { i } }]);
    positions.push(event!.position);
  }
  return positions;
}

describe.each(BACKENDS)('consumer runner on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('handles each event once, keeps its checkpoint across a restart, and reads only its types, moving on past the others', async () => {
    const first = await append(t, 'RunA', 3);
    await append(t, 'NotRunA', 2);
    const { consumer, seen } = recordingConsumer('run-a', ['RunA']);
    let running = startConsumers(t.db, [consumer], testContext(t.db), FAST);
    await until(() => seen.length === 3);
    await running.stop();
    const second = await append(t, 'RunA', 2);
    running = startConsumers(t.db, [consumer], testContext(t.db), FAST);
    await until(() => seen.length === 5);
    await running.stop();
    expect(seen).toEqual([...first, ...second]);
    const stored = (await readCheckpoints(t.db)).find((c) => c.consumer === 'run-a')!;
    // Past its last event, and past the other types' events too: the next read starts after all of them.
    const eventsAfter = async (cursor: { transactionId: string; position: number }) =>
      (
        await t.db.query<{ n: number }>(
          'select count(*)::int as n from events where (transaction_id, position) > ($1::xid8, $2::bigint)',
          [cursor.transactionId, cursor.position],
        )
      ).rows[0]!.n;
    expect(await eventsAfter(stored.cursor)).toBe(0);
    expect(stored.leaseOwner).toBeNull();

    // Only other types arrive: the idle consumer's checkpoint follows the log all the same.
    await append(t, 'NotRunA', 3);
    running = startConsumers(t.db, [consumer], testContext(t.db), FAST);
    const checkpointCaughtUp = async () =>
      (await eventsAfter((await readCheckpoints(t.db)).find((c) => c.consumer === 'run-a')!.cursor)) === 0;
    for (let waited = 0; !(await checkpointCaughtUp()); waited += 50) {
      if (waited > 10_000) throw new Error('the checkpoint did not move past the other types');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await running.stop();
    expect(seen).toHaveLength(5);
  });

  it('an idle consumer waits for the log to move: it reads the log once in a while, not on every poll, and an event wakes it at once', async () => {
    const { consumer, seen } = recordingConsumer('run-idle', ['RunIdle']);
    // Every statement the runner sends, counted by what it asks.
    const reads = { log: 0, head: 0 };
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver);
        return (sql: string, params?: unknown[]) => {
          if (sql.includes('pg_snapshot_xmin(pg_current_snapshot()) as xmin) x')) reads.log += 1;
          if (sql.includes('max(transaction_id)::text from events')) reads.head += 1;
          return target.query(sql, params);
        };
      },
    });
    const running = startConsumers(counted, [consumer], testContext(t.db), FAST);
    try {
      await until(async () =>
        (await readCheckpoints(t.db)).some((c) => c.consumer === 'run-idle' && c.leaseOwner !== null),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const idle = { ...reads };
      // A poll every 10 ms reads the head about a hundred times a second; the log is read a handful of
      // times (at the start, and a fifth of the 15 s lease apart), not a hundred.
      expect(idle.head).toBeGreaterThan(20);
      // On a shared PostgreSQL server another database's open transaction holds the horizon back, and
      // a consumer rightly reads again while it does: the count is judged where nothing else runs.
      if (backend === 'pglite') expect(idle.log).toBeLessThan(5);
      const started = Date.now();
      const [position] = await append(t, 'RunIdle', 1);
      await until(() => seen.length === 1);
      expect(seen).toEqual([position]);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await running.stop();
    }
  });

  it('retries a failing event with backoff, parks it after its tries, goes on with the rest; an operator retry handles it', async () => {
    const positions = await append(t, 'RunB', 3);
    let refuse = true;
    // When each try of the failing event began.
    const tries: number[] = [];
    const { consumer, seen } = recordingConsumer('run-b', ['RunB'], (event) => {
      if (event.position === positions[1] && refuse) tries.push(Date.now());
      return refuse && event.position === positions[1];
    });
    const backoff = { baseMs: 40, maxMs: 160 };
    const running = startConsumers(t.db, [consumer], testContext(t.db), { ...FAST, backoff, maxAttempts: 4 });
    try {
      await until(() => seen.length === 2);
      expect(seen).toEqual([positions[0], positions[2]]);
      expect(running.stats()[0]).toMatchObject({ handled: 2, failed: 4, parked: 1 });
      const [dead] = await listDeadLetters(t.db, 'run-b');
      expect(dead).toMatchObject({
        position: positions[1],
        type: 'RunB',
        attempts: 4,
        status: 'parked',
        error: `refused event ${positions[1]}`,
      });
      // Each wait at least the backoff due after that many failures (40, 80, 160 ms: doubling, up to
      // maxMs): a runner that retries sooner than that fails here.
      expect(tries).toHaveLength(4);
      const waits = tries.slice(1).map((at, i) => at - tries[i]!);
      waits.forEach((wait, i) =>
        expect(wait, `wait ${i + 1} of ${waits.join(', ')} ms`).toBeGreaterThanOrEqual(
          Math.min(backoff.maxMs, backoff.baseMs * 2 ** i),
        ),
      );
      refuse = false;
      expect(await requestRetry(t.db, 'run-b', positions[1])).toBe(1);
      await until(() => seen.length === 3);
      expect(seen[2]).toBe(positions[1]);
      await until(() => false, 50).catch(() => {});
      expect(await listDeadLetters(t.db, 'run-b')).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('passes over an event it is retrying when an operator skips it', async () => {
    const positions = await append(t, 'RunC', 2);
    const { consumer, seen } = recordingConsumer('run-c', ['RunC'], (event) => event.position === positions[0]);
    const running = startConsumers(t.db, [consumer], testContext(t.db), { ...FAST, maxAttempts: 1_000 });
    try {
      await until(() => running.stats()[0]!.failed >= 2);
      expect(seen).toEqual([]);
      await skipEvent(t.db, 'run-c', { position: positions[0]!, streamId: 'x', type: 'RunC' }, 'skipped by a test');
      await until(() => seen.length === 1);
      expect(seen).toEqual([positions[1]]);
      expect(await listDeadLetters(t.db, 'run-c')).toEqual([]);
      expect((await listDeadLetters(t.db, 'run-c', { all: true })).map((d) => d.status)).toEqual(['skipped']);
    } finally {
      await running.stop();
    }
  });

  it.runIf(backend === 'postgres')(
    'two instances run a consumer once: one holds the lease, the other takes over when it stops',
    async () => {
      const { consumer, seen } = recordingConsumer('run-d', ['RunD']);
      const a = startConsumers(t.db, [consumer], testContext(t.db), { ...FAST, owner: 'instance-a', leaseMs: 2_000 });
      const b = startConsumers(t.db, [consumer], testContext(t.db), { ...FAST, owner: 'instance-b', leaseMs: 2_000 });
      try {
        const positions = await append(t, 'RunD', 40);
        await until(() => seen.length >= 40);
        const [holder, other] = a.stats()[0]!.handled > 0 ? [a, b] : [b, a];
        expect(other.stats()[0]!.handled).toBe(0);
        await holder.stop();
        const more = await append(t, 'RunD', 5);
        await until(() => seen.length >= 45);
        expect(other.stats()[0]!.handled).toBe(5);
        expect(seen).toEqual([...positions, ...more]);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
  );

  it.runIf(backend === 'postgres')(
    'a lease left by a killed instance is taken over once it expires, not before',
    async () => {
      const { consumer, seen } = recordingConsumer('run-e', ['RunE']);
      await createCheckpoint(t.db, 'run-e', LOG_START);
      expect(await claimLease(t.db, { consumer: 'run-e', owner: 'killed-instance', leaseMs: 600 })).toBeDefined();
      const positions = await append(t, 'RunE', 3);
      const startedAt = Date.now();
      const running = startConsumers(t.db, [consumer], testContext(t.db), {
        ...FAST,
        owner: 'survivor',
        leaseMs: 2_000,
      });
      try {
        await until(() => seen.length === 3);
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(500);
        expect(seen).toEqual(positions);
      } finally {
        await running.stop();
      }
    },
  );
});
