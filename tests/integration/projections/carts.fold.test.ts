import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { cartStreamId } from '../../../domain/cart/cart.events.ts';
import { type RecordedEvent, appendToStreams } from '../../../eventstore/streams.ts';
import { cartsProjection } from '../../../projections/carts/carts.projection.ts';
import { stepsOf } from '../../../eventstore/projection.ts';
import { appendWithProjections } from '../../support/append.ts';
import { projections } from '../../../projections/registry.ts';
import { replayProjections } from '../../../projections/replay.ts';
import { type RecordedCartEvent, cartRowOf, cartRows } from '../../support/cart-rows.ts';
import { type SessionEvent, session, statementsOf } from '../../support/cart-sequences.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

/** Sessions per property run, and runs: each run appends its sessions, interleaved, then checks every path. */
const SESSIONS_PER_RUN = 250;
const RUNS = 4;

/** One session's carts and the statements that append their events. */
interface Appending {
  cartIds: string[];
  statements: SessionEvent[][];
}

/**
 * Appends one statement through the event store with the inline projections, as the shop does: one
 * cart's events by `appendWithProjections`, several carts' as one grouped statement (what the services'
 * group commit sends). Returns each event with its recorded version and position.
 */
async function append(
  db: Database,
  session: Appending,
  statement: SessionEvent[],
  heads: Map<string, number>,
): Promise<Array<[string, RecordedCartEvent]>> {
  const byCart = new Map<string, SessionEvent[]>();
  for (const e of statement) {
    const cartId = session.cartIds[e.cart]!;
    byCart.set(cartId, [...(byCart.get(cartId) ?? []), e]);
  }
  const appends = [...byCart].map(([cartId, events]) => ({
    cartId,
    streamId: cartStreamId(cartId),
    expectedVersion: heads.get(cartId) ?? 0,
    events,
  }));
  let recorded: RecordedEvent[][];
  if (appends.length === 1) {
    const [only] = appends;
    recorded = [
      await appendWithProjections(
        db,
        only!.streamId,
        only!.expectedVersion,
        only!.events.map((e) => e.event),
      ),
    ];
  } else {
    const newEvents = appends.map((a) => ({ ...a, events: a.events.map((e) => e.event) }));
    const outcomes = await appendToStreams(db, newEvents, {
      alsoRun: stepsOf(projections, [...new Set(statement.map((e) => e.event.type))]),
    });
    recorded = outcomes.map((o) => {
      if (o instanceof Error) throw o;
      return o;
    });
  }
  return appends.flatMap((a, i) => {
    heads.set(a.cartId, a.expectedVersion + a.events.length);
    return recorded[i]!.map((r, k): [string, RecordedCartEvent] => [
      a.cartId,
      { event: a.events[k]!.event, version: r.version, position: r.position },
    ]);
  });
}

/** Of the carts whose row is not what `evolve` folds from their events, the one with the fewest events, described; undefined when all agree. */
async function disagreement(
  db: Database,
  path: string,
  recorded: Map<string, RecordedCartEvent[]>,
): Promise<string | undefined> {
  const rows = await cartRows(db, [...recorded.keys()]);
  const wrong = [...recorded]
    .filter(([cartId, events]) => !isDeepStrictEqual(rows.get(cartId), cartRowOf(cartId, events)))
    .sort(([, a], [, b]) => a.length - b.length);
  if (wrong.length === 0) return undefined;
  const [cartId, events] = wrong[0]!;
  return `${path}: ${wrong.length} carts disagree, the shortest: cart ${cartId}
events: ${JSON.stringify(events)}
evolve: ${JSON.stringify(cartRowOf(cartId, events))}
row:    ${JSON.stringify(rows.get(cartId))}`;
}

describe.each(BACKENDS)('the carts read model folds as evolve does, on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it(`for ${RUNS * SESSIONS_PER_RUN} random sessions: appended live, replayed in one statement, replayed in batches`, async () => {
    // Checked without shrinking: a run is hundreds of sessions in one database, and the error names the
    // one cart that disagrees, with its events; the seed and path replay the run.
    const details = await fc.check(
      fc.asyncProperty(
        fc.array(session, { minLength: SESSIONS_PER_RUN, maxLength: SESSIONS_PER_RUN }),
        fc.integer({ min: 64, max: 1024 }),
        async (sessions, batchSize) => {
          const appending: Appending[] = sessions.map((s) => ({
            cartIds: Array.from({ length: s.carts }, () => randomUUID()),
            statements: statementsOf(s, randomUUID),
          }));
          const recorded = new Map<string, RecordedCartEvent[]>(
            appending.flatMap((a) => a.cartIds.map((id): [string, RecordedCartEvent[]] => [id, []])),
          );
          const heads = new Map<string, number>();
          // The sessions' statements interleaved, so that a cart's events lie spread over the log.
          const rounds = Math.max(...appending.map((a) => a.statements.length));
          for (let round = 0; round < rounds; round++) {
            for (const a of appending) {
              const statement = a.statements[round];
              if (!statement) continue;
              for (const [cartId, event] of await append(t.db, a, statement, heads)) recorded.get(cartId)!.push(event);
            }
          }
          // Live: the steps each append ran (the shortcut for a set of only ItemAdded, else the general steps).
          const live = await disagreement(t.db, 'appended live', recorded);
          if (live) throw new Error(live);
          // A replay's build: the whole log in one statement per share, through the steps into empty tables.
          await replayProjections(t.db, [cartsProjection]);
          const built = await disagreement(t.db, 'replayed in one statement', recorded);
          if (built) throw new Error(built);
          // A replay in keyset batches: the general steps, each batch meeting the carts the ones before it stored.
          await replayProjections(t.db, [cartsProjection], { batchSize });
          const batched = await disagreement(t.db, `replayed in batches of ${batchSize}`, recorded);
          if (batched) throw new Error(batched);
        },
      ),
      { numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: 100_000, markInterruptAsFailure: true },
    );
    if (details.failed) {
      throw new Error(
        `seed ${details.seed}, path ${details.counterexamplePath}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
      );
    }
  }, 150_000);
});
