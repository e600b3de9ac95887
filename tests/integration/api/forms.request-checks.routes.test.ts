import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { ORIGIN, browser, form, product, variant } from '../../support/plain-forms.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * What a form post must be: from the shop's own pages, going back only to the shop, with a browser's form
 * body (and the JSON API with JSON).
 */
describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('refuses posts from other sites and never redirects off the site', async () => {
    const plain = browser(app);
    const before = (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      {},
    ];
    for (const headers of foreign) {
      const response = await plain.post(
        '/cart/add',
        { productId: product.id, variantId: variant.id, quantity: 1 },
        headers,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        message: expect.any(String),
        requestId: expect.any(String),
      });
    }
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n).toBe(before);

    const offsite = await plain.post('/cart/add', {
      productId: product.id,
      variantId: variant.id,
      quantity: 1,
      returnTo: '//evil.example/x',
    });
    expect(offsite.headers.location).toBe('/');
    // A tab is dropped by the browser's URL parser, so this path names another host.
    expect(
      (
        await plain.post('/cart/add', {
          productId: product.id,
          variantId: variant.id,
          quantity: 1,
          returnTo: '/\t/evil.example/x',
        })
      ).headers.location,
    ).toBe('/');
  });

  it('goes back to a returnTo that a header cannot carry as sent (a newline, non-ASCII) percent-encoded, the change made once', async () => {
    const plain = browser(app);
    const newline = await plain.post('/cart/add', {
      productId: product.id,
      variantId: variant.id,
      quantity: 1,
      returnTo: '/\n',
    });
    expect(newline.statusCode).toBe(303);
    expect(newline.headers.location).toBe('/');
    const search = await plain.post('/cart/promo', { promoCode: 'nope', returnTo: '/shop?search=\u2713 x' });
    expect(search.statusCode).toBe(303);
    expect(search.headers.location).toBe('/shop?search=%E2%9C%93%20x');
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(1);
  });

  it('the JSON API still refuses form bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: form({ productId: product.id, variantId: variant.id, quantity: 1 }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'Unsupported Media Type',
      message: expect.stringContaining('JSON'),
      requestId: expect.any(String),
    });
  });

  it("a form takes only a browser's form body: JSON, whatever its values, is a 415 that changes nothing", async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const cookie = [...plain.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [url, payload] of [
      ['/cart/add', { productId: product.id, variantId: variant.id }],
      ['/cart/clear', { returnTo: 1 }],
      ['/cart/promo', { promoCode: 'DINOBOOTY', returnTo: 1 }],
      ['/contact', { name: 1, email: 2, subject: 3, message: 4 }],
      ['/track-order', { orderNumber: 1, email: 2 }],
      ['/stock-alert', { email: 1, productId: 2, variantId: 3 }],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { host: 'shop.test:3000', origin: ORIGIN, cookie },
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json()).toEqual({
        error: 'Unsupported Media Type',
        message: expect.stringContaining('application/x-www-form-urlencoded'),
        requestId: expect.any(String),
      });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect((await plain.json('GET', '/api/cart')).json().items).toHaveLength(1);
  });
});
