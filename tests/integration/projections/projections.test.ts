import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSubscriber } from '../../../app/subscriptions/subscription.service.ts';
import { connectPostgres } from '../../../db/postgres.ts';
import { readAll } from '../../../eventstore/log-reads.ts';
import { cartsProjection } from '../../../projections/carts/carts.projection.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { appendWithProjections } from '../../support/append.ts';
import { projections } from '../../../projections/registry.ts';
import { ordersProjection } from '../../../projections/orders/orders.projection.ts';
import { stockProjection } from '../../../projections/stock/stock.projection.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import { checkout } from '../../support/orders.ts';
import { replayProjections } from '../../../projections/replay.ts';
import { scratchSchemas } from '../../../projections/replay-scratch.ts';
import { subscribersProjection } from '../../../projections/subscribers/subscribers.projection.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { readModels } from '../../support/read-models.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const stocked = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 10).map((v) => ({ productId: p.id, variantId: v.id })),
);

/** Real traffic through the API: adds, changes, removes, clears, subscriptions. */
async function makeTraffic(app: TestApp, shoppers = 6) {
  for (let s = 0; s < shoppers; s++) {
    const me = shopper(app);
    for (let i = 0; i < 3; i++) {
      const pick = stocked[(s * 3 + i) % stocked.length]!;
      await me.request({ method: 'POST', url: '/api/cart', payload: { ...pick, quantity: 1 + (i % 2) } });
    }
    const cart = (await me.request({ method: 'GET', url: '/api/cart' })).json();
    await me.request({ method: 'PUT', url: `/api/cart/${cart.items[0].id}`, payload: { quantity: 4 } });
    if (s % 2 === 0) await me.request({ method: 'DELETE', url: `/api/cart/${cart.items[1].id}` });
    if (s % 3 === 0) await me.request({ method: 'DELETE', url: '/api/cart' });
    if (s % 3 === 1) await me.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[0]!, quantity: 1 } });
    await app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: `dino${s}@example.com` } });
    if (s % 3 === 2)
      expect(
        (await me.request({ method: 'POST', url: '/api/orders', payload: checkout({ email: `dino${s}@example.com` }) }))
          .statusCode,
      ).toBe(201);
  }
  // Stock received for a variant that was ordered, and one that was not.
  await appendWithProjections(app.db, stockStreamId(stocked[0]!.variantId), 0, [
    {
      type: 'StockReceived',
      data: { schemaVersion: 1, variantId: stocked[0]!.variantId, quantity: 5, at: '2026-11-28T10:00:00.000Z' },
    },
  ]);
  await appendWithProjections(app.db, stockStreamId(stocked[40]!.variantId), 0, [
    {
      type: 'StockReceived',
      data: { schemaVersion: 1, variantId: stocked[40]!.variantId, quantity: 2, at: '2026-11-28T10:00:00.000Z' },
    },
  ]);
}

describe.each(BACKENDS)('projections on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
    await makeTraffic(app);
  });
  afterAll(() => app?.close());

  it('replaying every event from position 0 rebuilds read models identical to the live ones', async () => {
    const live = await readModels(app.db);
    expect(live.carts.length).toBe(6);
    expect(live.subscribers.length).toBe(6);
    expect(live.orders.length).toBe(2);
    expect(live.stockLevels.length).toBeGreaterThanOrEqual(3);
    let applied = 0;
    for (const projection of projections) {
      const { rows } = await app.db.query<{ n: number }>('select count(*)::int as n from events where type = any($1)', [
        projection.eventTypes,
      ]);
      applied += rows[0]!.n;
    }
    expect(applied).toBeGreaterThan(20);
    const result = await replayProjections(app.db, projections);
    // Every event of their types, once for each projection that applies it (the shares count theirs beside the build).
    expect(result.events).toBe(applied);
    expect(await readModels(app.db)).toEqual(live);
  });

  it('applying the same events inline twice changes nothing (idempotent)', async () => {
    const before = await readModels(app.db);
    for await (const batch of readAll(app.db)) {
      await app.db.transaction(async (tx) => {
        await projectEvents(tx, [cartsProjection], batch);
        await projectEvents(tx, [subscribersProjection], batch);
        await projectEvents(tx, [ordersProjection, stockProjection], batch);
      });
    }
    expect(await readModels(app.db)).toEqual(before);
  });

  it('records the version and head position each replay built', async () => {
    const { rows } = await app.db.query<{ name: string; version: number }>(
      'select name, version from projection_state order by name',
    );
    expect(rows).toEqual(
      projections.map((p) => ({ name: p.name, version: p.version })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('a replay while shoppers keep adding misses no event and readers never see an empty cart table', async () => {
    const me = shopper(app);
    // The first add creates the cart and the session; the rest race the replay.
    await me.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[0]!, quantity: 1 } });
    const concurrentAdds = Array.from({ length: 8 }, (_, i) =>
      me.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[i % 4]!, quantity: 1 } }),
    );
    const reads: number[] = [];
    const reader = (async () => {
      for (let i = 0; i < 5; i++)
        reads.push((await app.db.query<{ n: number }>('select count(*)::int as n from carts')).rows[0]!.n);
    })();
    const [, ...settled] = await Promise.all([replayProjections(app.db, projections), ...concurrentAdds, reader]);
    expect(settled.slice(0, concurrentAdds.length).map((r) => (r as { statusCode: number }).statusCode)).toEqual(
      Array(concurrentAdds.length).fill(201),
    );
    expect(reads.every((n) => n >= 6)).toBe(true);
    const live = await readModels(app.db);
    await replayProjections(app.db, projections);
    expect(await readModels(app.db)).toEqual(live);
    const cart = (await me.request({ method: 'GET', url: '/api/cart' })).json();
    expect(cart.itemCount).toBe(9);
  });

  it('a replay that fails leaves the read models as they were and no scratch schema behind', async () => {
    const live = await readModels(app.db);
    await expect(
      replayProjections(app.db, projections, {
        batchSize: 3,
        onProgress: () => {
          throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    expect(await scratchSchemas(app.db)).toEqual([]);
    expect(await readModels(app.db)).toEqual(live);
  });

  it('a build whose rows break a key fails when the key is built, leaving the read models as they were', async () => {
    const live = await readModels(app.db);
    // Steps into empty tables that insert every subscriber twice: the copy has no key while they run.
    const [latest] = subscribersProjection.stepsIntoEmpty!;
    const twice = {
      name: 'subscribers_added',
      sql: `insert into subscribers (subscriber_id, email_cipher, subscribed_at, position)
        select l.subscriber_id, l.email_cipher, l.at::timestamptz, l.position from subscribers_latest l, generate_series(1, 2) where l.type = 'Subscribed'`,
    };
    await expect(
      replayProjections(app.db, [{ ...subscribersProjection, stepsIntoEmpty: [latest!, twice] }]),
    ).rejects.toThrow(/could not create unique index "subscribers_pkey"/);
    expect(await scratchSchemas(app.db)).toEqual([]);
    expect(await readModels(app.db)).toEqual(live);
  });

  it('drops the scratch schema a killed replay left behind', async () => {
    await app.db.exec('create schema dino_replay_killed; create table dino_replay_killed.carts (cart_id uuid)');
    const live = await readModels(app.db);
    await replayProjections(app.db, projections);
    expect(await scratchSchemas(app.db)).toEqual([]);
    expect(await readModels(app.db)).toEqual(live);
  });

  it('a replay in one statement (into empty tables), in batches, or in place gives the live rows, subscribers who left and came back included', async () => {
    await forgetSubscriber(app.shop.store, 'dino1@example.com');
    await forgetSubscriber(app.shop.store, 'dino2@example.com');
    await app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'dino2@example.com' } });
    const live = await readModels(app.db);
    // Five on the list, and dino1's row emptied by the forget.
    expect(live.subscribers.filter((s: { email_cipher: string | null }) => s.email_cipher !== null)).toHaveLength(5);
    expect(live.subscribers).toHaveLength(6);
    for (const options of [
      {},
      { batchSize: 1 },
      { strategy: 'in-place' as const },
      { strategy: 'in-place' as const, batchSize: 2 },
    ]) {
      await replayProjections(app.db, projections, options);
      expect(await readModels(app.db), JSON.stringify(options)).toEqual(live);
    }
  });

  it.runIf(backend === 'postgres')(
    'appends are not held up while the copies are built, and are caught up before the swap',
    async () => {
      const me = shopper(app);
      await me.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[1]!, quantity: 1 } });
      const before = (await me.request({ method: 'GET', url: '/api/cart' })).json().itemCount;
      const outcomes: string[] = [];
      const newcomer = shopper(app);
      let raced = false;
      await replayProjections(app.db, projections, {
        batchSize: 5,
        onProgress: async () => {
          if (raced) return;
          raced = true;
          // Mid-build: one shopper adds to the cart the build has already seen, another starts one.
          const adds = Promise.all([
            me.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[2]!, quantity: 2 } }),
            newcomer.request({ method: 'POST', url: '/api/cart', payload: { ...stocked[3]!, quantity: 1 } }),
          ]).then((answers) => answers.map((a) => String(a.statusCode)).join(','));
          outcomes.push(
            await Promise.race([adds, new Promise<string>((resolve) => setTimeout(() => resolve('held up'), 5_000))]),
          );
        },
      });
      expect(outcomes).toEqual(['201,201']);
      expect((await me.request({ method: 'GET', url: '/api/cart' })).json().itemCount).toBe(before + 2);
      expect((await newcomer.request({ method: 'GET', url: '/api/cart' })).json().itemCount).toBe(1);
      const live = await readModels(app.db);
      await replayProjections(app.db, projections, { jobs: 1 });
      expect(await readModels(app.db)).toEqual(live);
    },
  );

  it.runIf(backend === 'postgres')(
    'builds the same read models on one connection or several, and replays from two processes take turns',
    async () => {
      const live = await readModels(app.db);
      for (const jobs of [1, 3]) {
        await replayProjections(app.db, projections, { jobs });
        expect(await readModels(app.db)).toEqual(live);
      }
      const other = connectPostgres(app.target.databaseUrl!);
      try {
        const results = await Promise.all([
          replayProjections(app.db, projections),
          replayProjections(other, projections),
          replayProjections(app.db, [cartsProjection]),
        ]);
        expect(results.map((r) => r.strategy)).toEqual(['swap', 'swap', 'swap']);
      } finally {
        await other.close();
      }
      expect(await readModels(app.db)).toEqual(live);
      expect(await scratchSchemas(app.db)).toEqual([]);
    },
  );
});
