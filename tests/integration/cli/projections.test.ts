import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../../eventstore/streams.ts';
import { projections } from '../../../projections/registry.ts';
import { replayProjections } from '../../../projections/replay.ts';
import { scratchSchemas } from '../../../projections/replay-scratch.ts';
import { subscribersProjection } from '../../../projections/subscribers/subscribers.projection.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { readModels } from '../../support/read-models.ts';
import { checkout, variantWithStock } from '../../support/orders.ts';
import { appendSubscriber, cli } from './cli-support.ts';

/** Real traffic through the API: carts with adds, quantity changes, removals and clears, orders and a refund, and sign-ups. */
async function shop(app: TestApp, shoppers: number, tag: string) {
  const variants = app.catalogue.products().flatMap((p) =>
    app.catalogue
      .variants(p.id)
      .filter((v) => v.stock >= 10)
      .map((v) => ({ productId: p.id, variantId: v.id })),
  );
  const cartIds: string[] = [];
  for (let i = 0; i < shoppers; i++) {
    const me = shopper(app);
    let cart = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { ...variants[(i * 7) % variants.length]!, quantity: 1 + (i % 3) },
      })
    ).json();
    cart = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { ...variants[(i * 7 + 3) % variants.length]!, quantity: 2 },
      })
    ).json();
    if (i % 2 === 0)
      cart = (
        await me.request({ method: 'PUT', url: `/api/cart/${cart.items[0].id}`, payload: { quantity: 5 } })
      ).json();
    if (i % 3 === 0) cart = (await me.request({ method: 'DELETE', url: `/api/cart/${cart.items[1].id}` })).json();
    if (i % 5 === 4) cart = (await me.request({ method: 'DELETE', url: '/api/cart' })).json();
    if (i === 1 || i === 5) {
      const placed = await me.request({
        method: 'POST',
        url: '/api/orders',
        payload: checkout({ email: `${tag}-${i}@example.com` }),
      });
      expect(placed.statusCode).toBe(201);
      // One of them refunded in part.
      if (i === 1) await app.shop.orders.refund(placed.json().number, 150, 'Late');
    }
    if (i === 2) {
      const { product, variant } = variantWithStock(0);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/stock-alerts',
            payload: { email: `${tag}-${i}@example.com`, productId: product.id, variantId: variant.id },
          })
        ).statusCode,
      ).toBe(202);
    }
    cartIds.push(cart.id);
    expect(
      (await app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: `${tag}-${i}@example.com` } }))
        .statusCode,
    ).toBe(201);
  }
  return cartIds;
}

describe.each(BACKENDS)('dino-shop projections on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
    await shop(app, 12, 'before');
    // Addresses the API would refuse but the log may hold: the bulk writes must quote them right.
    for (const [i, email] of ['"a,b"@x.co', '"back\\slash"@x.co', '"{brace} ""q""\'"@x.co', 'NULL@x.co'].entries()) {
      await appendSubscriber(app.db, email, `2024-02-0${i + 1}T00:00:00.000Z`);
    }
  });
  afterAll(() => app?.close());

  it('replay rebuilds read models identical to the ones live traffic built', async () => {
    const live = await readModels(app.db);
    expect(live.carts.length).toBe(12);
    expect(live.cartLines.length).toBeGreaterThan(10);
    const run = await cli(app, ['projections', 'replay']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^Replayed carts, subscribers, orders, stock, stock_alerts, cart_removals, refunds: \d{2,} events up to position [\d,]+ in \d+\.\d\d s \([\d,]+ events\/s\)\.\n$/,
    );
    expect(await readModels(app.db)).toEqual(live);

    // A progress bar on stderr when it is a terminal; stdout keeps just the result line.
    const tty = await cli(app, ['projections', 'replay', 'carts'], { stderrTTY: true });
    expect(tty.stderr).toContain('Replaying [');
    expect(tty.stdout).toMatch(/^Replayed carts: \d+ events .*\n$/);

    const one = await cli(app, ['projections', 'replay', 'subscribers', '--batch-size', '5']);
    expect(one.stdout).toMatch(/^Replayed subscribers: 16 events /);
    expect(await readModels(app.db)).toEqual(live);
  });

  it('list shows versions, checkpoints and lag, and notices events that were not projected', async () => {
    const listed = await cli(app, ['projections', 'list', '--json']);
    expect(listed.code).toBe(0);
    const statuses = JSON.parse(listed.stdout) as Array<{
      name: string;
      codeVersion: number;
      storedVersion: number;
      checkpoint: number;
      head: number;
      lag: number;
    }>;
    expect(statuses.map((s) => s.name)).toEqual([
      'carts',
      'subscribers',
      'orders',
      'stock',
      'stock_alerts',
      'cart_removals',
      'refunds',
    ]);
    for (const s of statuses) {
      const version = projections.find((p) => p.name === s.name)!.version;
      expect(s).toMatchObject({ codeVersion: version, storedVersion: version, lag: 0 });
      // The last replay consumed the whole log, so the checkpoint may lie past the last event of its own types.
      expect(s.checkpoint).toBeGreaterThanOrEqual(s.head);
      expect(s.head).toBeGreaterThan(0);
    }

    // An event appended without its inline projection: the read model is now behind.
    const unprojected = {
      schemaVersion: 2,
      subscriberId: 'unprojected-id',
      emailCipher: 'a1.x.y.z',
      at: new Date().toISOString(),
    };
    await app.db.transaction((tx) =>
      appendToStream(tx, 'subscriber-unprojected-id', 0, [{ type: 'Subscribed', data: unprojected }]),
    );
    const behind = await cli(app, ['projections', 'list']);
    const lines = behind.stdout.split('\n');
    expect(lines[0]).toMatch(/^PROJECTION\s+VERSION\s+STORED\s+CHECKPOINT\s+HEAD\s+LAG\s+WAITING\s+LAST REPLAY$/);
    const v = subscribersProjection.version;
    expect(lines.find((l) => l.startsWith('subscribers'))).toMatch(
      new RegExp(`^subscribers\\s+${v}\\s+${v}\\s+[\\d,]+\\s+[\\d,]+\\s+1\\s+[\\d,]+ s\\s+\\d{4}-`),
    );
    expect(lines.find((l) => l.startsWith('carts'))).toMatch(/^carts\s+1\s+1\s+[\d,]+\s+[\d,]+\s+0\s+0 s\s+/);
    expect(behind.stdout).toContain(
      'subscribers: 1 event(s) not reflected: run `dino-shop projections replay subscribers`.',
    );

    // Tables of an older version: the server rebuilds them as it starts, or the operator does.
    await app.db.query(`update projection_state set version = 0 where name = 'carts'`);
    expect((await cli(app, ['projections', 'list'])).stdout).toContain(
      'carts: the stored tables were built by version 0, the code is version 1: `dino-shop serve` rebuilds them when it starts, or run `dino-shop projections replay carts`.',
    );
    await app.db.query(`update projection_state set version = 1 where name = 'carts'`);

    await cli(app, ['projections', 'replay', 'subscribers']);
    const caughtUp = JSON.parse((await cli(app, ['projections', 'list', '--json'])).stdout) as Array<{
      name: string;
      lag: number;
    }>;
    expect(caughtUp.find((s) => s.name === 'subscribers')!.lag).toBe(0);
    expect(
      (await app.db.query('select 1 from subscribers where subscriber_id = $1', ['unprojected-id'])).rows,
    ).toHaveLength(1);
  });

  it('replay is safe while the shop takes writes: readers never see an empty model, no appended event is missed', async () => {
    const me = shopper(app);
    // A cart that exists before the replay starts.
    await me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: 1, variantId: app.catalogue.variants(1).find((v) => v.stock > 5)!.id, quantity: 2 },
    });

    const subscribersBefore = (await app.db.query<{ n: number }>('select count(*)::int as n from subscribers')).rows[0]!
      .n;
    // Batches of 1 make the replay slow enough for the traffic below to overlap it.
    const replay = cli(app, ['projections', 'replay', '--batch-size', '1']);
    if (backend === 'postgres') {
      // Wait until the replay is building its copies, so the writes below really race it.
      let building = false;
      for (let i = 0; i < 1000 && !building; i++) {
        building = (await scratchSchemas(app.db)).length > 0;
        if (!building) await new Promise((r) => setTimeout(r, 2));
      }
      expect(building).toBe(true);
    }
    // (On PGlite there is one connection: the writes queue between the replay's transactions.)
    const reads: number[] = [];
    const reader = (async () => {
      for (let i = 0; i < 10; i++) reads.push((await me.request({ method: 'GET', url: '/api/cart' })).json().itemCount);
    })();
    const [run, newCarts] = await Promise.all([replay, shop(app, 4, 'during'), reader]);
    expect(run.code).toBe(0);

    expect(reads.every((n) => n === 2)).toBe(true);
    // Every event appended during the replay is in the read models, and they still equal a clean rebuild.
    for (const id of newCarts)
      expect((await app.db.query('select 1 from carts where cart_id = $1', [id])).rows).toHaveLength(1);
    expect((await app.db.query('select count(*)::int as n from subscribers')).rows[0]).toEqual({
      n: subscribersBefore + 4,
    });
    const after = await readModels(app.db);
    await cli(app, ['projections', 'replay']);
    expect(await readModels(app.db)).toEqual(after);
    const statuses = JSON.parse((await cli(app, ['projections', 'list', '--json'])).stdout) as Array<{ lag: number }>;
    expect(statuses.map((s) => s.lag)).toEqual(projections.map(() => 0));
  });

  it('the swap keeps every index, key and check of the read-model tables, built after the rows or before; in-place replay gives the same rows', async () => {
    const schema = async () => ({
      indexes: (
        await app.db.query(
          "select tablename, indexname, indexdef from pg_indexes where tablename in ('carts', 'subscribers') order by indexname",
        )
      ).rows,
      constraints: (
        await app.db.query(
          "select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid in ('carts'::regclass, 'subscribers'::regclass) order by conname",
        )
      ).rows,
      columns: (
        await app.db.query(
          "select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_name in ('carts', 'subscribers') order by table_name, ordinal_position",
        )
      ).rows,
      scratch: await scratchSchemas(app.db),
    });
    const before = await schema();
    const models = await readModels(app.db);
    // As the migrations made them (earlier replays in this file kept them too, or this fails).
    expect(before.indexes.length).toBe(5);
    expect(before.constraints).toEqual(
      expect.arrayContaining([
        { rel: 'carts', conname: 'carts_pkey', def: 'PRIMARY KEY (cart_id)' },
        { rel: 'subscribers', conname: 'subscribers_pkey', def: 'PRIMARY KEY (subscriber_id)' },
      ]),
    );
    // In one statement per share the copies get their keys after the rows; in batches, before.
    for (const options of [{}, { batchSize: 3 }]) {
      const swapped = await replayProjections(app.db, projections, options);
      expect(swapped.strategy).toBe('swap');
      expect(await schema()).toEqual(before);
      expect(await readModels(app.db)).toEqual(models);
    }
    const inPlace = await replayProjections(app.db, projections, { strategy: 'in-place' });
    expect(inPlace.strategy).toBe('in-place');
    expect(await schema()).toEqual(before);
    expect(await readModels(app.db)).toEqual(models);
  });

  it('an unknown projection name is a clear error listing the known ones', async () => {
    const run = await cli(app, ['projections', 'replay', 'carts', 'invoices']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'dino-shop: unknown projection "invoices" (known: carts, subscribers, orders, stock, stock_alerts, cart_removals, refunds)\n',
    });
  });

  it('--jobs and --batch-size out of range are usage errors that touch nothing', async () => {
    for (const args of [
      ['--jobs', '0'],
      ['--jobs', '20'],
      ['--jobs', 'x'],
      ['--batch-size', '0'],
      ['--batch-size', '3000000000'],
    ]) {
      const run = await cli(app, ['projections', 'replay', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^error: option '--(jobs|batch-size) <n>' argument '.*' is invalid\. Expected a whole number from 1 to (19|2147483647)\. \(see: dino-shop projections replay --help\)\n$/,
      );
    }
  });
});
