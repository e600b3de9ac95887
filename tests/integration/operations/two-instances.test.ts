import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { prepareDatabase } from '../../../server/prepare-database.ts';
import { connectPostgres } from '../../../db/postgres.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { adminQuery, withDatabaseName } from '../../support/postgres-admin.ts';
import { until } from '../../support/until.ts';
import { checkout, variantWithStock } from '../../support/orders.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on host:port (redis-server here; CI starts it). */
const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A browser: one cookie jar, any instance. */
function browser() {
  let cookie: string | undefined;
  return async (base: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return { status: response.status, body: await response.json(), requestId: response.headers.get('x-request-id') };
  };
}

const [first, second] = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 5).map((v) => ({ productId: p.id, variantId: v.id, slug: p.slug })),
);

/**
 * Two shop instances, each with its own pool, catalogue cache and LISTEN connection, as two machines
 * behind a load balancer would run, on one PostgreSQL (a database this test creates and drops).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances behind one load balancer (PostgreSQL)', () => {
  const name = `dino_shop_ops_multi_${process.pid}`;
  let databaseUrl: string;
  const servers: RunningServer[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`create database ${name}`);
    databaseUrl = withDatabaseName(process.env.TEST_DATABASE_URL!, name);
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Every instance must sign sessions with the same secret, or a shopper's cookie is void on the other.
      SESSION_SECRET: 'one-secret-shared-by-every-instance-of-the-shop',
      REDIS_URL,
      // The counters in Redis outlive a run (and count per address, 127.0.0.1 for every test): a rerun
      // within the minute must not meet the limits. Shared counting is tested in rate-limits.test.ts.
      RATE_LIMIT_NEW_CARTS: '100000',
      RATE_LIMIT_CART_AND_ORDERS: '100000',
    };
    // Both start at once, as a deployment does: migrations are serialised by an advisory lock.
    servers.push(
      ...(await Promise.all([
        startServer({ ...parseEnv(env), sessionSecret: env.SESSION_SECRET }, { storefront: false }),
        startServer({ ...parseEnv(env), sessionSecret: env.SESSION_SECRET }, { storefront: false }),
      ])),
    );
    [a, b] = servers.map((s) => s.url) as [string, string];
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('redis-server is reachable (shared rate-limit counters use it)', async () => {
    expect(await reachable(REDIS_URL)).toBe(true);
  });

  it('both instances are ready', async () => {
    for (const base of [a, b]) {
      const response = await fetch(`${base}/health/ready`);
      expect(response.status).toBe(200);
      expect((await response.json()).status).toBe('ready');
    }
  });

  it('a shopper hops between instances mid-purchase: add on A, change on B, add on A, read on B, check out on A', async () => {
    const shop = browser();
    const added = await shop(a, 'POST', '/api/cart', {
      productId: first!.productId,
      variantId: first!.variantId,
      quantity: 1,
    });
    expect(added.status).toBe(201);
    const lineId = added.body.items[0].id;

    const changed = await shop(b, 'PUT', `/api/cart/${lineId}`, { quantity: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body.id).toBe(added.body.id);
    expect(changed.body.items).toEqual([expect.objectContaining({ id: lineId, quantity: 3 })]);

    const more = await shop(a, 'POST', '/api/cart', {
      productId: second!.productId,
      variantId: second!.variantId,
      quantity: 2,
    });
    expect(more.body.itemCount).toBe(5);

    const onB = await shop(b, 'GET', '/api/cart');
    expect(onB.body).toEqual(more.body);

    // The demo checkout ends by clearing the cart; the other instance sees it empty at once.
    expect((await shop(a, 'DELETE', '/api/cart')).body.items).toEqual([]);
    expect((await shop(b, 'GET', '/api/cart')).body).toMatchObject({ id: added.body.id, items: [], itemCount: 0 });
  });

  it('a shopper who is not the cart owner sees nothing on either instance', async () => {
    const owner = browser();
    const stranger = browser();
    const added = await owner(a, 'POST', '/api/cart', {
      productId: first!.productId,
      variantId: first!.variantId,
      quantity: 1,
    });
    const attempt = await stranger(b, 'PUT', `/api/cart/${added.body.items[0].id}`, { quantity: 2 });
    expect(attempt.status).toBe(404);
    expect(attempt.body).toMatchObject({ error: 'Not Found', requestId: attempt.requestId });
  });

  it('a catalogue change reaches both instances through NOTIFY (well before their 5 s poll), their cached API answers included', async () => {
    const url = `/api/products/${first!.slug}`;
    // Each instance answers the URL once and keeps the answer (server/answer-cache/).
    for (const [i, base] of [a, b].entries()) {
      expect((await (await fetch(`${base}${url}`)).json()).name).not.toBe('Hopping Rex');
      expect(servers[i]!.answerCache.kept(url)).toBe(1);
    }
    const db = connectPostgres(databaseUrl);
    try {
      await prepareDatabase(db, () => {});
      const renamed = {
        ...seed,
        products: seed.products.map((p) => (p.id === first!.productId ? { ...p, name: 'Hopping Rex' } : p)),
      };
      expect((await seedCatalogue(db, renamed)).changed).toBe(true);
    } finally {
      await db.close();
    }
    const names: Record<string, string> = {};
    await until(() => servers.every((s) => s.catalogue.productById(first!.productId)?.name === 'Hopping Rex'), 2_000);
    for (const base of [a, b]) names[base] = (await (await fetch(`${base}${url}`)).json()).name;
    expect(Object.values(names)).toEqual(['Hopping Rex', 'Hopping Rex']);
  });

  it('never sell the last units twice: 20 shoppers on both instances check out the last 3 units at once, 3 orders are placed and 17 refused', async () => {
    const { product, variant } = variantWithStock(3);
    const shoppers = Array.from({ length: 20 }, () => browser());
    const bases = (i: number) => (i % 2 === 0 ? [a, b] : [b, a]) as [string, string];
    for (const [i, shop] of shoppers.entries()) {
      expect(
        (await shop(bases(i)[0], 'POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 }))
          .status,
      ).toBe(201);
    }
    const answers = await Promise.all(
      shoppers.map((shop, i) => shop(bases(i)[1], 'POST', '/api/orders', checkout({ email: `last-${i}@example.com` }))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.body.message).toMatch(new RegExp(`${product.name}.*0 left|sold out`, 'i'));
    const db = connectPostgres(databaseUrl);
    try {
      const { rows } = await db.query<{ on_hand: number; orders: number }>(
        `select (select seeded + received - ordered from stock_levels where variant_id = $1) as on_hand,
                (select count(*)::int from orders o where o.lines @> jsonb_build_array(jsonb_build_object('variantId', $1::int))) as orders`,
        [variant.id],
      );
      expect(rows[0]).toEqual({ on_hand: 0, orders: 3 });
    } finally {
      await db.close();
    }
    // Both instances' catalogues show the variant sold out.
    await until(() => servers.every((s) => s.catalogue.variant(variant.id)?.stock === 0), 10_000);
  });
});
