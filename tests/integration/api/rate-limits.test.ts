import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const product = seed.products[0]!;
const addOne = {
  method: 'POST' as const,
  url: '/api/cart',
  payload: { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 },
};
const subscribe = (n: number) => ({
  method: 'POST' as const,
  url: '/api/subscribe',
  payload: { email: `limit-${n}-${Math.random().toString(36).slice(2)}@example.com` },
});

function expectTooMany(response: Awaited<ReturnType<TestApp['inject']>>, what: RegExp) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = response.json();
  expect(body).toEqual({
    error: 'Too Many Requests',
    message: expect.stringMatching(what),
    requestId: expect.any(String),
  });
  expect(body.message).toContain(`wait ${retryAfter} second`);
}

describe.each(BACKENDS)('rate limits in memory on %s', (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(backend, { rateLimits: { limits: { newCarts: 3, signUps: 2, cartAndOrders: 6 } } });
  });
  afterAll(() => shop?.close());

  it('new carts: the fourth anonymous add from one address in a minute is a 429, and creates no cart', async () => {
    const before = (await shop.db.query<{ n: number }>('select count(*)::int as n from carts')).rows[0]!.n;
    for (let i = 0; i < 3; i++)
      expect((await shop.inject({ ...addOne, remoteAddress: '10.0.0.1' })).statusCode).toBe(201);
    expectTooMany(await shop.inject({ ...addOne, remoteAddress: '10.0.0.1' }), /Too many new carts/);
    const after = (await shop.db.query<{ n: number }>('select count(*)::int as n from carts')).rows[0]!.n;
    expect(after - before).toBe(3);
    // Another address is not affected.
    expect((await shop.inject({ ...addOne, remoteAddress: '10.0.0.2' })).statusCode).toBe(201);
  });

  it('a shopper who has a cart keeps adding to it after the new-cart limit, up to the cart-write limit', async () => {
    const me = shopper({ inject: (options) => shop.inject({ ...options, remoteAddress: '10.0.0.3' }) });
    expect((await me.request(addOne)).statusCode).toBe(201); // new carts 1, writes 1
    for (let i = 0; i < 2; i++)
      expect((await shop.inject({ ...addOne, remoteAddress: '10.0.0.3' })).statusCode).toBe(201); // 3, 3
    expectTooMany(await shop.inject({ ...addOne, remoteAddress: '10.0.0.3' }), /new carts/);
    for (let i = 0; i < 3; i++) expect((await me.request(addOne)).statusCode).toBe(201); // writes 6
    expectTooMany(await me.request({ method: 'DELETE', url: '/api/cart' }), /Too many cart changes/);
    // Reads are never limited.
    expect((await me.request({ method: 'GET', url: '/api/cart' })).json().itemCount).toBe(4);
  });

  it('form posts count as cart writes, the checkout too; over the limit a form comes back with a notice and changes nothing', async () => {
    // A browser without JavaScript: it keeps every cookie it is given.
    const jar = new Map<string, string>();
    const send = async (options: InjectOptions) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await shop.inject({
        ...options,
        remoteAddress: '10.0.0.6',
        headers: { ...options.headers, cookie },
      });
      for (const line of [response.headers['set-cookie'] ?? []].flat()) {
        const [name = '', value = ''] = line.split(';')[0]!.split(/=(.*)/s);
        jar.set(name, value);
      }
      return response;
    };
    const me = { request: send };
    const post = (url: string, fields: Record<string, string | number>) =>
      send({
        method: 'POST',
        url,
        payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          host: 'shop.test',
          origin: 'http://shop.test',
          referer: 'http://shop.test/checkout',
        },
      });
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/cart/add', { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }))
          .statusCode,
      ).toBe(303);
    expect((await post('/checkout', { email: 'not an address' })).statusCode).toBe(303); // the sixth write
    const refused = await post('/checkout', { email: 'not an address' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/checkout');
    const flash = JSON.parse(
      decodeURIComponent(/dino\.flash=([^;]+)/.exec(String(refused.headers['set-cookie']))![1]!),
    );
    expect(flash.notice).toMatchObject({
      title: 'Please wait a moment',
      description: expect.stringMatching(/Too many cart changes/),
      tone: 'error',
    });
    expect((await me.request({ method: 'GET', url: '/api/cart' })).json().itemCount).toBe(5);
  });

  it('order lookups count as cart writes, the tracking form too: numbers cannot be walked from one address', async () => {
    const lookup = (n: number) =>
      shop.inject({
        method: 'GET',
        url: `/api/orders/%23DINO-00000${n}?email=walker%40example.com`,
        remoteAddress: '10.0.0.8',
      });
    for (let n = 0; n < 6; n++) expect((await lookup(n)).statusCode).toBe(404);
    expectTooMany(await lookup(6), /Too many cart changes and order lookups/);
    const track = (n: number) =>
      shop.inject({
        method: 'POST',
        url: '/track-order',
        remoteAddress: '10.0.0.9',
        payload: new URLSearchParams({ orderNumber: `DINO-00000${n}`, email: 'walker@example.com' }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          host: 'shop.test',
          origin: 'http://shop.test',
          accept: 'application/json',
        },
      });
    for (let n = 0; n < 6; n++) expect((await track(n)).json()).toEqual({ result: 'not-found' });
    expectTooMany(await track(6), /Too many cart changes and order lookups/);
  });

  it('sign-ups: the third from one address in a minute is a 429', async () => {
    for (let i = 0; i < 2; i++)
      expect((await shop.inject({ ...subscribe(i), remoteAddress: '10.0.0.4' })).statusCode).toBe(201);
    expectTooMany(await shop.inject({ ...subscribe(3), remoteAddress: '10.0.0.4' }), /Too many sign-ups/);
  });

  it('back-in-stock requests share the sign-ups limit: one after two sign-ups from an address is a 429', async () => {
    const soldOut = seed.products.flatMap((p) =>
      p.variants.filter((v) => v.stock === 0).map((v) => ({ productId: p.id, variantId: v.id })),
    )[0]!;
    for (let i = 0; i < 2; i++)
      expect((await shop.inject({ ...subscribe(30 + i), remoteAddress: '10.0.0.6' })).statusCode).toBe(201);
    const alert = {
      method: 'POST' as const,
      url: '/api/stock-alerts',
      payload: { email: 'limit-alert@example.com', ...soldOut },
      remoteAddress: '10.0.0.6',
    };
    expectTooMany(await shop.inject(alert), /Too many sign-ups/);
    expect((await shop.inject({ ...alert, remoteAddress: '10.0.0.7' })).statusCode).toBe(202);
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY: a script cannot spoof a new address per request', async () => {
    for (let i = 0; i < 2; i++)
      await shop.inject({
        ...subscribe(10 + i),
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    expectTooMany(
      await shop.inject({ ...subscribe(20), remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '192.0.2.99' } }),
      /sign-ups/,
    );
  });
});

describe('rate limits behind a trusted proxy', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('pglite', {
      trustProxy: true,
      rateLimits: { limits: { newCarts: 3, signUps: 1, cartAndOrders: 6 } },
    });
  });
  afterAll(() => shop?.close());

  it('counts per client address from X-Forwarded-For', async () => {
    const from = (ip: string, n: number) =>
      shop.inject({ ...subscribe(n), remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': ip } });
    expect((await from('198.51.100.1', 1)).statusCode).toBe(201);
    expect((await from('198.51.100.2', 2)).statusCode).toBe(201);
    expect((await from('198.51.100.1', 3)).statusCode).toBe(429);
  });
});

describe('rate limits in Redis', () => {
  const nameSpace = `dino-shop-test:${process.pid}:${Date.now()}:`;
  let redis: Redis;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const rateLimits = { limits: { newCarts: 3, signUps: 2, cartAndOrders: 100 }, redis, nameSpace };
    one = await createTestApp('pglite', { rateLimits });
    two = await createTestApp('pglite', { rateLimits });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (redis) {
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('two instances share one address’s counters, and the keys carry the given prefix', async () => {
    expect((await one.inject({ ...subscribe(1), remoteAddress: '10.1.0.1' })).statusCode).toBe(201);
    expect((await two.inject({ ...subscribe(2), remoteAddress: '10.1.0.1' })).statusCode).toBe(201);
    expectTooMany(await one.inject({ ...subscribe(3), remoteAddress: '10.1.0.1' }), /sign-ups/);
    expectTooMany(await two.inject({ ...subscribe(4), remoteAddress: '10.1.0.1' }), /sign-ups/);
    const keys = await redis.keys(`${nameSpace}*`);
    expect(keys.filter((key) => key.endsWith('signUps:10.1.0.1'))).toHaveLength(1);
  });

  it('new carts across instances', async () => {
    for (const app of [one, two, one])
      expect((await app.inject({ ...addOne, remoteAddress: '10.1.0.2' })).statusCode).toBe(201);
    expectTooMany(await two.inject({ ...addOne, remoteAddress: '10.1.0.2' }), /new carts/);
  });
});
