import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../../api/app.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { sweepSessions } from '../../../db/session-store.ts';
import { openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

describe.each(BACKENDS)('sessions and migrations on %s', (backend) => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp(backend);
  });
  afterAll(() => first?.close());

  it('a session lives in the database: a second instance on the same database serves the same cart', async () => {
    const catalogue = await openCatalogueCache(first.db, { pollMs: 60_000 });
    const second = Fastify({ logger: false });
    await second.register(app, { db: first.db, catalogue, sessionSecret: 'a-test-secret-that-is-long-enough-123' });
    try {
      const me = shopper(first);
      const product = seed.products[0]!;
      const added = (await me.request({ method: 'POST', url: '/api/cart', payload: { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 } })).json();
      const elsewhere = await second.inject({ method: 'GET', url: '/api/cart', headers: { cookie: me.cookie! } });
      expect(elsewhere.json()).toEqual(added);
      const { rows } = await first.db.query<{ n: number }>('select count(*)::int as n from sessions where expires_at > now() + interval \'29 days\'');
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
      await catalogue.close();
    }
  });

  it('a forged or unknown session cookie is just a new visitor', async () => {
    const response = await first.inject({ method: 'GET', url: '/api/cart', headers: { cookie: 'dino.sid=forged.value' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });

  it('migrating from several processes at once is safe (advisory lock) and applies nothing twice', async () => {
    const results = await Promise.all([migrate(first.db), migrate(first.db), migrate(first.db)]);
    expect(results).toEqual([[], [], []]);
    const { rows } = await first.db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(rows.map((r) => r.id)).toEqual((await loadMigrations()).map((m) => m.id));
    expect(rows.map((r) => r.id).slice(0, 4)).toEqual(['0001-event-store', '0002-catalogue', '0003-read-models', '0004-sessions']);
  });

  it('anonymous traffic leaves no session row: reads, an empty clear and a refused add keep nothing', async () => {
    const count = async () => (await first.db.query<{ n: number }>('select count(*)::int as n from sessions')).rows[0]!.n;
    const before = await count();
    const product = seed.products[0]!;
    const requests = [
      { method: 'GET' as const, url: '/api/cart' },
      { method: 'DELETE' as const, url: '/api/cart' },
      { method: 'POST' as const, url: '/api/cart', payload: { productId: 999_999, variantId: product.variants[0]!.id, quantity: 1 } },
      { method: 'POST' as const, url: '/api/cart', payload: { productId: 'x' } },
      { method: 'GET' as const, url: '/api/cart', headers: { cookie: 'dino.sid=forged.value' } },
    ];
    for (const request of requests) {
      const response = await first.inject(request);
      // No new session cookie (a forged one is only cleared).
      expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/dino\.sid=[^;]/);
    }
    expect(await count()).toBe(before);
  });

  it('the sweep deletes exactly the sessions expired at the (injected) time it runs', async () => {
    const product = seed.products[0]!;
    const me = shopper(first);
    await me.request({ method: 'POST', url: '/api/cart', payload: { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 } });
    const sid = decodeURIComponent(me.cookie!.split('=')[1]!).split('.')[0]!;
    const exists = async () => (await first.db.query('select 1 from sessions where sid = $1', [sid])).rows.length === 1;
    const day = 24 * 60 * 60 * 1000;
    expect(await sweepSessions(first.db, new Date(Date.now() + 29 * day))).toBe(0);
    expect(await exists()).toBe(true);
    expect(await sweepSessions(first.db, new Date(Date.now() + 31 * day))).toBeGreaterThanOrEqual(1);
    expect(await exists()).toBe(false);
    // The expired cookie is now just a new visitor.
    expect((await me.request({ method: 'GET', url: '/api/cart' })).json().items).toEqual([]);
  });
});
