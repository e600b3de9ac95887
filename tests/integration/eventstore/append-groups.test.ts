import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { cartStreamId } from '../../../domain/cart/cart.events.ts';
import { createAppendGroups } from '../../../eventstore/append-groups.ts';
import { type NewEvent, readStream } from '../../../eventstore/streams.ts';
import { ConcurrencyConflict } from '../../../eventstore/append-refusals.ts';
import { stepsOf } from '../../../eventstore/projection.ts';
import { projections } from '../../../projections/registry.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

const product = seed.products[0]!;
const added = (lineId = randomUUID(), productId: unknown = product.id): NewEvent => ({
  type: 'ItemAdded',
  data: {
    schemaVersion: 1,
    lineId,
    productId,
    variantId: product.variants[0]!.id,
    quantity: 1,
    at: '2026-11-25T10:00:00.000Z',
  },
});
const removed = (lineId: string): NewEvent => ({
  type: 'ItemRemoved',
  data: { schemaVersion: 1, lineId, at: '2026-11-25T10:01:00.000Z' },
});

/** The database, with every statement sent through it counted (it is still the real database). */
function counting(db: Database) {
  const sent: string[] = [];
  const counted: Database = {
    ...db,
    query: (sql, params, options) => (sent.push(sql), db.query(sql, params, options)),
  };
  return { db: counted, sent };
}

const cartRow = async (db: Database, cartId: string) =>
  (
    await db.query<{ version: number; lines: Array<{ lineId: string }> }>(
      'select version, lines from carts where cart_id = $1',
      [cartId],
    )
  ).rows[0];

/**
 * Group commit (eventstore/append-groups.ts) on a real database: what each append is told, what the
 * log and the read models hold, and how many statements it took.
 */
describe.each(BACKENDS)('grouped appends on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  const groups = (db: Database, inFlight = 1) =>
    createAppendGroups(db, {
      inFlight,
      alsoRun: (events) => stepsOf(projections, [...new Set(events.map((e) => e.type))]),
    });

  it('writes the appends that arrive while a statement is in flight together, in one statement, each with its own version and projection', async () => {
    const { db, sent } = counting(t.db);
    const { append } = groups(db);
    const carts = Array.from({ length: 12 }, () => randomUUID());
    const lines = carts.map(() => randomUUID());
    const recorded = await Promise.all(carts.map((cartId, i) => append(cartStreamId(cartId), 0, [added(lines[i])])));
    // The first goes at once; the eleven that arrived meanwhile go together.
    expect(sent).toHaveLength(2);
    expect(recorded.map((r) => r.map((e) => e.version))).toEqual(carts.map(() => [1]));
    const positions = recorded.map((r) => r[0]!.position);
    expect(new Set(positions).size).toBe(12);
    // In the order they were asked for.
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const [i, cartId] of carts.entries()) {
      expect((await readStream(t.db, cartStreamId(cartId))).map((e) => e.version)).toEqual([1]);
      expect(await cartRow(t.db, cartId)).toEqual({
        version: 1,
        lines: [expect.objectContaining({ lineId: lines[i] })],
      });
    }
  });

  it('writes several events of one stream in a group in order, and folds them as one append would', async () => {
    const { append } = groups(t.db);
    const cartId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const [, many] = await Promise.all([
      append(cartStreamId(randomUUID()), 0, [added()]),
      append(cartStreamId(cartId), 0, [added(first), added(second), removed(first)]),
      append(cartStreamId(randomUUID()), 0, [added()]),
    ]);
    expect(many!.map((e) => [e.version, e.type])).toEqual([
      [1, 'ItemAdded'],
      [2, 'ItemAdded'],
      [3, 'ItemRemoved'],
    ]);
    expect(many![0]!.position).toBeLessThan(many![1]!.position);
    expect(many![1]!.position).toBeLessThan(many![2]!.position);
    expect(await cartRow(t.db, cartId)).toEqual({ version: 3, lines: [expect.objectContaining({ lineId: second })] });
  });

  it('tells a stream that moved on of its conflict, alone: the others in its statement are written', async () => {
    const { db, sent } = counting(t.db);
    const { append } = groups(db);
    const moved = randomUUID();
    await append(cartStreamId(moved), 0, [added()]);
    sent.length = 0;
    const others = [randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled([
      append(cartStreamId(randomUUID()), 0, [added()]),
      append(cartStreamId(moved), 0, [added()]),
      ...others.map((cartId) => append(cartStreamId(cartId), 0, [added()])),
    ]);
    // Grouped (the first may go alone, or with the rest if the statement before had not yet ended).
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyConflict);
    expect((await readStream(t.db, cartStreamId(moved))).map((e) => e.version)).toEqual([1]);
    for (const cartId of others) expect((await cartRow(t.db, cartId))?.version).toBe(1);
  });

  it('never lets two appends of one stream share a statement: the second waits for the first', async () => {
    const { append } = groups(t.db, 2);
    const cartId = randomUUID();
    // The second expects the first's version: in one statement with it, it would find the stream at 0.
    const [first, second] = await Promise.all([
      append(cartStreamId(cartId), 0, [added()]),
      append(cartStreamId(cartId), 1, [added()]),
    ]);
    expect([first![0]!.version, second![0]!.version]).toEqual([1, 2]);
    // Two appends at the same version: one wins, the other conflicts, as without grouping.
    const racing = randomUUID();
    const outcomes = await Promise.allSettled([
      append(cartStreamId(racing), 0, [added()]),
      append(cartStreamId(racing), 0, [added()]),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await readStream(t.db, cartStreamId(racing))).map((e) => e.version)).toEqual([1]);
  });

  it.runIf(backend === 'postgres')(
    'never runs two appends of one stream at once, even with a statement free: the second waits for the first to commit',
    async () => {
      const { append } = groups(t.db, 2);
      const cartId = randomUUID();
      // The first append's statement, its event inserted, waits for another transaction's uncommitted
      // row of the same cart (rolled back below) while the second asks to go.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const rowInserted = new Promise<void>((resolve) => (inserted = resolve));
      const blocker = t.db
        .transaction(async (tx) => {
          await tx.query(
            'insert into carts (cart_id, version, position, created_at, updated_at) values ($1, 0, 0, now(), now())',
            [cartId],
          );
          inserted();
          await held;
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await rowInserted;
      const both = Promise.allSettled([
        append(cartStreamId(cartId), 0, [added()]),
        append(cartStreamId(cartId), 1, [added()]),
      ]);
      // Run beside the first, the second would read the stream before the first commits and conflict.
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await blocker;
      expect((await both).map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await readStream(t.db, cartStreamId(cartId))).map((e) => e.version)).toEqual([1, 2]);
    },
  );

  it('retries a statement the database refuses append by append: only the append it cannot take fails, and nothing of it is written', async () => {
    const { db, sent } = counting(t.db);
    const { append } = groups(db);
    const [good, bad, alsoGood] = [randomUUID(), randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled([
      append(cartStreamId(randomUUID()), 0, [added()]),
      append(cartStreamId(good), 0, [added()]),
      // The carts projection reads productId as an integer: the whole statement fails on this one.
      append(cartStreamId(bad), 0, [added(randomUUID(), 'not-a-number')]),
      append(cartStreamId(alsoGood), 0, [added()]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // One alone, the group of three refused, then each of the three on its own (or the four together, then each).
    expect(sent).toHaveLength(5);
    expect(await readStream(t.db, cartStreamId(bad))).toEqual([]);
    expect(await cartRow(t.db, bad)).toBeUndefined();
    for (const cartId of [good, alsoGood]) expect((await cartRow(t.db, cartId))?.version).toBe(1);
  });
});
