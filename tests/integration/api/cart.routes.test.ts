import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../../eventstore/streams.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const pairs = seed.products.flatMap((p) => p.variants.map((v) => ({ p, v })));
// The variant with the most stock: room for 20 concurrent adds.
const { p: product, v: roomy } = pairs.reduce((best, pair) => (pair.v.stock > best.v.stock ? pair : best));
const scarce = pairs.find(({ v }) => v.stock >= 1 && v.stock <= 4)!;
const soldOut = pairs.find(({ v }) => v.stock === 0)!;
const otherProduct = seed.products.find((p) => p.id !== product.id && p.variants[0]!.stock >= 5)!;

describe.each(BACKENDS)('cart API on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const eventCount = async () =>
    (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;

  it('a new visitor has an empty cart and gets no cookie for looking', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: null, items: [], total: '0.00', itemCount: 0 });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('adds, reads, changes, removes and clears — each answering the cart', async () => {
    const me = shopper(app);
    const added = await me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: product.id, variantId: roomy.id, quantity: 2 },
    });
    expect(added.statusCode).toBe(201);
    const cookie = added.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Expires=/);
    const cart = added.json();
    expect(cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.items).toEqual([
      {
        id: expect.any(String),
        quantity: 2,
        product: {
          id: product.id,
          name: product.name,
          slug: product.slug,
          imageUrl: product.imageUrl,
          price: (product.priceCents / 100).toFixed(2),
        },
        variant: { id: roomy.id, color: roomy.color, colorHex: roomy.colorHex, size: roomy.size, stock: roomy.stock },
      },
    ]);
    expect(cart.total).toBe(((product.priceCents * 2) / 100).toFixed(2));
    expect(cart.itemCount).toBe(2);

    // The same variant again raises the line (one line per variant).
    const again = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: roomy.id, quantity: 3 },
      })
    ).json();
    expect(again.items).toHaveLength(1);
    expect(again.items[0].quantity).toBe(5);

    const other = otherProduct.variants.find((v) => v.stock >= 5)!;
    const two = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: otherProduct.id, variantId: other.id, quantity: 1 },
      })
    ).json();
    expect(two.items.map((i: { variant: { id: number } }) => i.variant.id)).toEqual([roomy.id, other.id]);
    expect(two.itemCount).toBe(6);
    expect(two.total).toBe(((product.priceCents * 5 + otherProduct.priceCents) / 100).toFixed(2));

    const lineId = two.items[0].id;
    const changed = await me.request({ method: 'PUT', url: `/api/cart/${lineId}`, payload: { quantity: 4 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].quantity).toBe(4);

    // As fetch wrappers send it: Content-Type: application/json, no body.
    const removed = await me.request({
      method: 'DELETE',
      url: `/api/cart/${lineId}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((i: { variant: { id: number } }) => i.variant.id)).toEqual([other.id]);

    const read = (await me.request({ method: 'GET', url: '/api/cart' })).json();
    expect(read.items).toHaveLength(1);

    const cleared = await me.request({
      method: 'DELETE',
      url: '/api/cart',
      headers: { 'content-type': 'application/json' },
    });
    expect(cleared.json()).toEqual({ id: cart.id, items: [], total: '0.00', itemCount: 0 });

    const types = (await readStream(app.db, `cart-${cart.id}`)).map((e) => e.type);
    expect(types).toEqual([
      'ItemAdded',
      'QuantityChanged',
      'ItemAdded',
      'QuantityChanged',
      'ItemRemoved',
      'CartCleared',
    ]);
  });

  it('a quantity of 0 or less removes the line', async () => {
    const me = shopper(app);
    const cart = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: roomy.id, quantity: 1 },
      })
    ).json();
    const response = await me.request({
      method: 'PUT',
      url: `/api/cart/${cart.items[0].id}`,
      payload: { quantity: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
    // However far below zero.
    const again = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: roomy.id, quantity: 1 },
      })
    ).json();
    const far = await me.request({
      method: 'PUT',
      url: `/api/cart/${again.items[0].id}`,
      payload: { quantity: -1_000_001 },
    });
    expect(far.statusCode).toBe(200);
    expect(far.json().items).toEqual([]);
  });

  it('a shopper cannot see or touch another shopper’s line: 404', async () => {
    const alice = shopper(app);
    const bob = shopper(app);
    const aliceCart = (
      await alice.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: roomy.id, quantity: 1 },
      })
    ).json();
    await bob.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: otherProduct.id, variantId: otherProduct.variants[0]!.id, quantity: 1 },
    });
    const aliceLine = aliceCart.items[0].id;
    for (const request of [
      { method: 'PUT' as const, url: `/api/cart/${aliceLine}`, payload: { quantity: 3 } },
      { method: 'DELETE' as const, url: `/api/cart/${aliceLine}` },
    ]) {
      const response = await bob.request(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not Found',
        message: 'That item is not in your cart',
        requestId: expect.any(String),
      });
    }
    // Without any session at all, too.
    expect(
      (await app.inject({ method: 'PUT', url: `/api/cart/${aliceLine}`, payload: { quantity: 3 } })).statusCode,
    ).toBe(404);
    expect((await alice.request({ method: 'GET', url: '/api/cart' })).json().items[0].quantity).toBe(1);
  });

  describe('bad input gets a clear 4xx and records nothing', () => {
    const cases: Array<
      [
        string,
        () => {
          method: 'POST' | 'PUT' | 'PATCH';
          url: string;
          payload?: object | string;
          headers?: Record<string, string>;
        },
        number,
        string | RegExp,
      ]
    > = [
      [
        'missing fields',
        () => ({ method: 'POST', url: '/api/cart', payload: { productId: product.id } }),
        400,
        'variantId is required',
      ],
      [
        'wrong types',
        () => ({ method: 'POST', url: '/api/cart', payload: { productId: '1', variantId: roomy.id, quantity: 1 } }),
        400,
        'productId must be a number',
      ],
      [
        'an id past the safe integers',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: '{"productId": 99999999999999999999, "variantId": 100, "quantity": 1}',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'productId must be a whole number',
      ],
      [
        'an over-long item id',
        () => ({ method: 'PUT', url: `/api/cart/${'a'.repeat(101)}`, payload: { quantity: 1 } }),
        400,
        'item id must be a UUID',
      ],
      [
        'a fractional quantity',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: roomy.id, quantity: 1.5 },
        }),
        400,
        'quantity must be a whole number',
      ],
      [
        'quantity 0 on add',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: roomy.id, quantity: 0 },
        }),
        400,
        'quantity must be at least 1',
      ],
      [
        'quantity above 99',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: roomy.id, quantity: 100 },
        }),
        400,
        'quantity must be at most 99',
      ],
      [
        'an unknown product',
        () => ({ method: 'POST', url: '/api/cart', payload: { productId: 9999, variantId: roomy.id, quantity: 1 } }),
        404,
        'Product 9999 does not exist',
      ],
      [
        'an unknown variant',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: 999_999, quantity: 1 },
        }),
        404,
        'Variant 999999 does not exist',
      ],
      [
        'a variant of another product',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: otherProduct.id, variantId: roomy.id, quantity: 1 },
        }),
        422,
        /does not belong to product/,
      ],
      [
        'more than the stock',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: scarce.p.id, variantId: scarce.v.id, quantity: scarce.v.stock + 1 },
        }),
        422,
        `Only ${scarce.v.stock} left in stock`,
      ],
      [
        'a sold-out variant',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: soldOut.p.id, variantId: soldOut.v.id, quantity: 1 },
        }),
        422,
        /out of stock/,
      ],
      [
        'not JSON',
        () => ({ method: 'POST', url: '/api/cart', payload: 'productId=1', headers: { 'content-type': 'text/plain' } }),
        415,
        /as JSON/,
      ],
      [
        'broken JSON',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: '{"productId": 1,',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'The request body is not valid JSON',
      ],
      [
        'a __proto__ key',
        () => ({
          method: 'POST',
          url: '/api/cart',
          payload: '{"productId": 1, "__proto__": {"admin": true}}',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        /key the shop refuses \(__proto__/,
      ],
      [
        'a wrong method',
        () => ({ method: 'PATCH', url: '/api/cart' }),
        405,
        '/api/cart answers GET, HEAD, POST, DELETE, not PATCH',
      ],
      [
        'a JSON array',
        () => ({ method: 'POST', url: '/api/cart', payload: [1, 2] }),
        400,
        'The request body must be a JSON object',
      ],
      [
        'an item id that is not a UUID',
        () => ({ method: 'PUT', url: '/api/cart/123', payload: { quantity: 1 } }),
        400,
        'item id must be a UUID',
      ],
      [
        'an unknown item id',
        () => ({ method: 'PUT', url: '/api/cart/7b0c5a63-2f7e-4d1b-9a55-0b9a3c1f2e10', payload: { quantity: 1 } }),
        404,
        'That item is not in your cart',
      ],
      [
        'a missing quantity on update',
        () => ({ method: 'PUT', url: '/api/cart/7b0c5a63-2f7e-4d1b-9a55-0b9a3c1f2e10', payload: {} }),
        400,
        'quantity is required',
      ],
    ];

    it.each(cases)('%s', async (_name, make, status, message) => {
      const me = shopper(app);
      const before = await eventCount();
      const response = await me.request(make());
      expect(response.statusCode).toBe(status);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'requestId']);
      expect(body.message).toMatch(message);
      expect(await eventCount()).toBe(before);
    });

    it('an update above the stock is refused and leaves the line as it was', async () => {
      const me = shopper(app);
      const cart = (
        await me.request({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: scarce.p.id, variantId: scarce.v.id, quantity: 1 },
        })
      ).json();
      const before = await eventCount();
      const response = await me.request({
        method: 'PUT',
        url: `/api/cart/${cart.items[0].id}`,
        payload: { quantity: scarce.v.stock + 1 },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(`Only ${scarce.v.stock} left in stock`);
      expect(await eventCount()).toBe(before);
      expect((await me.request({ method: 'GET', url: '/api/cart' })).json().items[0].quantity).toBe(1);
    });
  });

  it('20 concurrent adds to one cart lose no update', async () => {
    const me = shopper(app);
    const first = await me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: product.id, variantId: roomy.id, quantity: 1 },
    });
    expect(first.statusCode).toBe(201);
    expect(roomy.stock).toBeGreaterThanOrEqual(21);
    const target = roomy;
    const extra = 1;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        me.request({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: target.id, quantity: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const cart = (await me.request({ method: 'GET', url: '/api/cart' })).json();
    const line = cart.items.find((i: { variant: { id: number } }) => i.variant.id === target.id);
    expect(line.quantity).toBe(20 + extra);
    const stream = await readStream(app.db, `cart-${cart.id}`);
    expect(stream.map((e) => e.version)).toEqual(stream.map((_, i) => i + 1));
  });
});
