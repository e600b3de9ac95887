import Fastify from 'fastify';
import { createShop } from '../../../app/shop.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../../api/app.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const product = seed.products[0]!;
const addOne = {
  method: 'POST' as const,
  url: '/api/cart',
  payload: { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 },
};

describe.each(BACKENDS)('sessions and migrations on %s', (backend) => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp(backend);
  });
  afterAll(() => first?.close());

  /** A second instance on the same database, signing with `secret`. */
  async function secondInstance(secret: string) {
    const catalogue = await openCatalogueCache(first.db, { pollMs: 60_000 });
    const second = Fastify({ logger: false });
    await second.register(app, {
      db: first.db,
      catalogue,
      shop: createShop({ db: first.db, catalogue }),
      sessionSecret: secret,
    });
    return { second, close: async () => (await second.close(), await catalogue.close()) };
  }

  it('a session lives in a signed cookie: a second instance with the same secret serves the same cart', async () => {
    const { second, close } = await secondInstance('a-test-secret-that-is-long-enough-123');
    try {
      const me = shopper(first);
      const response = await me.request(addOne);
      expect(String(response.headers['set-cookie'])).toMatch(
        /^dino\.sid=[^;]+; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
      );
      const elsewhere = await second.inject({ method: 'GET', url: '/api/cart', headers: { cookie: me.cookie! } });
      expect(elsewhere.json()).toEqual(response.json());
      // The cart's next write needs no new cookie: the session did not change.
      expect((await me.request(addOne)).headers['set-cookie']).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('an instance with another secret treats the cookie as forged: a new visitor, and the cookie is cleared', async () => {
    const { second, close } = await secondInstance('another-secret-that-is-long-enough-456');
    try {
      const me = shopper(first);
      await me.request(addOne);
      const elsewhere = await second.inject({ method: 'GET', url: '/api/cart', headers: { cookie: me.cookie! } });
      expect(elsewhere.json().items).toEqual([]);
      expect(String(elsewhere.headers['set-cookie'])).toMatch(/^dino\.sid=;/);
    } finally {
      await close();
    }
  });

  it("a cookie whose content was changed (another shopper's cart id) is refused by its signature", async () => {
    const victim = shopper(first);
    const victimCart = (await victim.request(addOne)).json();
    const me = shopper(first);
    await me.request(addOne);
    const [name, value] = me.cookie!.split('=') as [string, string];
    const signed = decodeURIComponent(value);
    const payload = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64url').toString());
    const tampered =
      Buffer.from(JSON.stringify({ ...payload, cartId: victimCart.id })).toString('base64url') +
      signed.slice(signed.lastIndexOf('.'));
    const response = await first.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: `${name}=${encodeURIComponent(tampered)}` },
    });
    expect(response.json().items).toEqual([]);
  });

  it('a forged or unknown session cookie is just a new visitor', async () => {
    const response = await first.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: 'dino.sid=forged.value' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });

  it('migrating from several processes at once is safe (advisory lock) and applies nothing twice', async () => {
    const results = await Promise.all([migrate(first.db), migrate(first.db), migrate(first.db)]);
    expect(results).toEqual([[], [], []]);
    const { rows } = await first.db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(rows.map((r) => r.id)).toEqual((await loadMigrations()).map((m) => m.id));
    expect(rows.map((r) => r.id).slice(0, 4)).toEqual([
      '0001-event-store',
      '0002-catalogue',
      '0003-read-models',
      '0004-sessions',
    ]);
  });

  it('anonymous traffic gets no session cookie: reads, an empty clear and a refused add keep nothing', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/cart' },
      { method: 'DELETE' as const, url: '/api/cart' },
      {
        method: 'POST' as const,
        url: '/api/cart',
        payload: { productId: 999_999, variantId: product.variants[0]!.id, quantity: 1 },
      },
      { method: 'POST' as const, url: '/api/cart', payload: { productId: 'x' } },
      { method: 'GET' as const, url: '/api/cart', headers: { cookie: 'dino.sid=forged.value' } },
    ];
    for (const request of requests) {
      const response = await first.inject(request);
      // No new session cookie (a forged one is only cleared).
      expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/dino\.sid=[^;]/);
    }
  });
});
