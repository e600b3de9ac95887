import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandOptions, createEventStore } from '../../../eventstore/store.ts';
import { conflict } from '../../../domain/domain-error.ts';
import { VersionMismatch } from '../../../eventstore/command-handler.ts';
import { appendToStream, readStream } from '../../../eventstore/streams.ts';
import { ConcurrencyConflict } from '../../../eventstore/append-refusals.ts';
import { headPosition, readAll } from '../../../eventstore/log-reads.ts';
import { projections } from '../../../projections/registry.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const event = (n: number) => ({ type: 'Tested', data: { n, at: '2026-11-21T00:00:00.000Z' } });

/** A counter: each command appends the next number, so a decision on a missed history repeats one. */
const counter = {
  readEvent: (e: { type: string; data: unknown }) => e as ReturnType<typeof event>,
  initialState: () => 0,
  evolve: (_n: number, e: ReturnType<typeof event>) => e.data.n,
  decide: (_: unknown, n: number) => [event(n + 1)],
};

describe.each(BACKENDS)('event store on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('appends with versions 1..n and reads the stream back in order', async () => {
    const recorded = await t.db.transaction((tx) => appendToStream(tx, 's-1', 0, [event(1), event(2)]));
    expect(recorded.map((e) => e.version)).toEqual([1, 2]);
    await t.db.transaction((tx) => appendToStream(tx, 's-1', 2, [event(3)]));
    const stream = await readStream(t.db, 's-1');
    expect(stream.map((e) => [e.version, e.type, (e.data as { n: number }).n])).toEqual([
      [1, 'Tested', 1],
      [2, 'Tested', 2],
      [3, 'Tested', 3],
    ]);
    expect(stream[0]!.createdAt).toBeInstanceOf(Date);
    expect((await readStream(t.db, 's-1', { untilVersion: 2 })).map((e) => e.version)).toEqual([1, 2]);
  });

  it('refuses an append at a stale expected version with a ConcurrencyConflict, writing nothing', async () => {
    const before = await headPosition(t.db);
    await expect(t.db.transaction((tx) => appendToStream(tx, 's-1', 1, [event(99)]))).rejects.toBeInstanceOf(
      ConcurrencyConflict,
    );
    await expect(t.db.transaction((tx) => appendToStream(tx, 'brand-new', 5, [event(99)]))).rejects.toBeInstanceOf(
      ConcurrencyConflict,
    );
    expect(await headPosition(t.db)).toBe(before);
  });

  it('lets only one of two racing appends at the same version win', async () => {
    const results = await Promise.allSettled([
      t.db.transaction((tx) => appendToStream(tx, 's-race', 0, [event(1)])),
      t.db.transaction((tx) => appendToStream(tx, 's-race', 0, [event(2)])),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConcurrencyConflict);
    expect(await readStream(t.db, 's-race')).toHaveLength(1);
  });

  it('a command on a stream the caller calls new skips the read, yet finds the events should the stream exist', async () => {
    const store = createEventStore(t.db, { inline: projections });
    const fresh = await store.handle('s-new', counter, () => ({}), { newStream: true });
    expect(fresh).toMatchObject({ state: 1, version: 1 });
    // The id was not new after all: the blind append conflicts, the retry reads the stream and decides on it.
    const again = await store.handle('s-new', counter, () => ({}), { newStream: true });
    expect(again).toMatchObject({ state: 2, version: 2 });
    expect((await readStream(t.db, 's-new')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
  });

  it('a cached state saves the read; a stale one (another process wrote) costs one quiet retry, never a wrong decision', async () => {
    let reads = 0;
    const db = {
      ...t.db,
      query: ((sql: string, params?: unknown[]) => {
        if (/from events/i.test(sql) && /stream_id/i.test(sql) && !/insert/i.test(sql)) reads++;
        return t.db.query(sql, params);
      }) as typeof t.db.query,
    };
    const store = createEventStore(db, { inline: projections });
    const elsewhere = createEventStore(t.db, { inline: projections });
    const cache = new Map<string, { state: number; version: number }>();
    expect(await store.handle('s-cached', counter, () => ({}), { cache })).toMatchObject({ state: 1, version: 1 });
    expect(reads).toBe(1);
    expect(await store.handle('s-cached', counter, () => ({}), { cache })).toMatchObject({ state: 2, version: 2 });
    expect(reads).toBe(1);
    expect(cache.get('s-cached')).toEqual({ state: 2, version: 2 });

    // Another process (no shared cache) moves the stream on.
    await elsewhere.handle('s-cached', counter, () => ({}));
    const conflicts: string[] = [];
    store.observe({ conflict: (_stream, outcome) => conflicts.push(outcome) });
    expect(await store.handle('s-cached', counter, () => ({}), { cache })).toMatchObject({ state: 4, version: 4 });
    // A condition on the stream's real version holds, though this process's cache saw an older one.
    await elsewhere.handle('s-cached', counter, () => ({}));
    expect(await store.handle('s-cached', counter, () => ({}), { cache, ifVersion: 5 })).toMatchObject({
      state: 6,
      version: 6,
    });
    await expect(store.handle('s-cached', counter, () => ({}), { cache, ifVersion: 5 })).rejects.toBeInstanceOf(
      VersionMismatch,
    );
    expect(conflicts).toEqual([]);
    expect((await readStream(t.db, 's-cached')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a keyed command takes effect once: racing attempts on three streams (grouped or in a transaction) record one, and all answer with its stream', async () => {
    const store = createEventStore(t.db, { inline: projections });
    const ways: Array<[string, CommandOptions]> = [
      ['grouped', {}],
      ['transaction', { alsoInTransaction: async () => undefined }],
    ];
    for (const [name, options] of ways) {
      const key = { key: `key-${name}`, request: 'fingerprint' };
      const attempts = await Promise.all(
        ['a', 'b', 'c'].map((s) =>
          store.handle(`k-${name}-${s}`, counter, () => ({}), { ...options, newStream: true, key }),
        ),
      );
      const written = attempts.filter((a) => a.recorded.length > 0);
      expect(written).toHaveLength(1);
      expect(new Set(attempts.map((a) => a.streamId))).toEqual(new Set([written[0]!.streamId]));
      expect(attempts.map((a) => [a.state, a.version])).toEqual(Array(3).fill([1, 1]));
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from events where stream_id like $1`,
        [`k-${name}-%`],
      );
      expect(rows[0]!.n).toBe(1);
      // A later attempt that knows the key was recorded reads that stream and decides nothing.
      const later = await store.handle('k-elsewhere', counter, () => ({}), {
        key: { ...key, recordedIn: written[0]!.streamId },
      });
      expect(later).toMatchObject({ streamId: written[0]!.streamId, state: 1, recorded: [] });
    }
  });

  it('a command across streams writes all of them or none: a stream that moved on conflicts, and the retry decides on both again', async () => {
    const store = createEventStore(t.db, { inline: projections });
    await store.handle('x-b', counter, () => ({}));
    let decisions = 0;
    const [a, b] = await store.handleStreams(
      [
        { streamId: 'x-a', fold: counter },
        // Seen at version 0, though it is at 1: the first attempt's append conflicts.
        { streamId: 'x-b', fold: counter, newStream: true },
      ] as const,
      ([na, nb]) => {
        decisions++;
        return [[event(na + 1)], [event(nb + 1)]];
      },
    );
    expect(decisions).toBe(2);
    expect([a.version, b.version, a.state, b.state]).toEqual([1, 2, 1, 2]);
    expect((await readStream(t.db, 'x-a')).map((e) => e.version)).toEqual([1]);
    expect((await readStream(t.db, 'x-b')).map((e) => e.version)).toEqual([1, 2]);
  });

  it('a refusal is reported to the observers and thrown; nothing is written', async () => {
    const store = createEventStore(t.db, { inline: projections });
    const refused: string[] = [];
    store.observe({ refused: (error) => refused.push(`${error.kind}:${error.reason}`) });
    const refusing = {
      ...counter,
      decide: () => {
        throw conflict('No more', 'testing');
      },
    };
    await expect(store.handle('s-refused', refusing, () => ({}))).rejects.toThrow('No more');
    expect(refused).toEqual(['conflict:testing']);
    expect(await readStream(t.db, 's-refused')).toEqual([]);
  });

  it("an append (a prepared statement) waits for another caller's open transaction instead of joining it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = t.db
      .transaction(async (tx) => {
        await appendToStream(tx, 's-doomed', 0, [event(1)]);
        opened();
        await held;
        throw new Error('roll this transaction back');
      })
      .catch((error: Error) => error.message);
    await isOpen;
    const append = appendToStream(t.db, 's-kept', 0, [event(1)]);
    // Give the append every chance to slip into the open transaction before it rolls back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await rolledBack).toBe('roll this transaction back');
    expect((await append).map((e) => e.version)).toEqual([1]);
    expect((await readStream(t.db, 's-kept')).map((e) => e.version)).toEqual([1]);
    expect(await readStream(t.db, 's-doomed')).toEqual([]);
  });

  it('a prepared append that fails (a conflict) leaves the connection working', async () => {
    await appendToStream(t.db, 's-prepared', 0, [event(1)]);
    await expect(appendToStream(t.db, 's-prepared', 0, [event(2)])).rejects.toBeInstanceOf(ConcurrencyConflict);
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from events where stream_id = $1', [
      's-prepared',
    ]);
    expect(rows[0]!.n).toBe(1);
    expect((await appendToStream(t.db, 's-prepared', 1, [event(2)])).map((e) => [e.version, e.data])).toEqual([
      [2, event(2).data],
    ]);
  });

  it('reads the whole log in position order in keyset batches', async () => {
    for (let i = 0; i < 7; i++) await t.db.transaction((tx) => appendToStream(tx, `s-batch-${i}`, 0, [event(i)]));
    const batches: number[][] = [];
    for await (const batch of readAll(t.db, { batchSize: 3 })) batches.push(batch.map((e) => e.position));
    const flat = batches.flat();
    expect(flat).toEqual([...flat].sort((a, b) => a - b));
    expect(new Set(flat).size).toBe(flat.length);
    expect(batches.every((b) => b.length <= 3)).toBe(true);
    expect(flat.length).toBe((await t.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expect(t.db.query(`update events set type = 'Tampered'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from events')).rejects.toThrow(/append-only/);
    await expect(t.db.query('truncate events')).rejects.toThrow(/append-only/);
    expect((await readStream(t.db, 's-1')).every((e) => e.type === 'Tested')).toBe(true);
  });
});
