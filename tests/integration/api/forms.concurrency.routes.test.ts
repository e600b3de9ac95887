import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { browser, eventsOf, product, variant } from '../../support/plain-forms.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Posts that come twice or late: a double-submitted form runs once (the form nonce), and a form from a
 * page rendered before another tab changed the cart changes nothing and says so (the cart version).
 */
describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it("a double-submitted form runs once: both posts carry the page's form nonce, the repeat gets the first answer", async () => {
    const plain = browser(app);
    plain.jar.set('dino.form', `page-${Math.random().toString(36).slice(2)}`);
    const add = { productId: product.id, variantId: variant.id, quantity: 2, returnTo: '/shop' };
    // Sent together, as a double click sends them: the same cookies, the same fields.
    const [first, second] = await Promise.all([plain.post('/cart/add', add), plain.post('/cart/add', add)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter(Boolean)).toEqual([
      'true',
    ]);
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(await eventsOf(app, `cart-${cart.id}`)).toEqual([
      expect.objectContaining({ type: 'ItemAdded', quantity: 2 }),
    ]);
    // The answer handed out a new nonce: the next add, from the page it led to, is a new action.
    const renewed = plain.jar.get('dino.form');
    expect(renewed).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    await plain.post('/cart/add', add);
    expect(plain.jar.get('dino.form')).not.toBe(renewed);
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([expect.objectContaining({ quantity: 4 })]);
    // The same nonce on another form is another action: it runs.
    plain.jar.set('dino.form', renewed!);
    const line = (await plain.json('GET', '/api/cart')).json().items[0];
    expect(
      (await plain.post(`/cart/items/${line.id}`, { quantity: 1, returnTo: '/cart' })).headers['idempotent-replayed'],
    ).toBeUndefined();
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('a post without a form nonce (no page opened) runs, and its answer hands one out', async () => {
    const plain = browser(app);
    const subscribe = { email: `no-nonce-${Math.random().toString(36).slice(2)}@example.com`, returnTo: '/' };
    const first = await plain.post('/subscribe', subscribe);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(plain.jar.get('dino.form')).toBeDefined();
  });

  it('a change or an order from a page rendered before another tab changed the cart changes nothing and says so', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const seen = await plain.json('GET', '/api/cart');
    const cartVersion = Number(JSON.parse(seen.headers.etag as string));
    const lineId = seen.json().items[0].id;
    // Another tab raises the quantity to 4 after this page was rendered with 1.
    await plain.json('PUT', `/api/cart/${lineId}`, { quantity: 4 });

    const changedElsewhere = {
      title: 'Your cart was changed',
      description: expect.stringContaining('another tab or window'),
      tone: 'error',
    };
    await plain.post(`/cart/items/${lineId}`, { quantity: 2, cartVersion, returnTo: '/cart' });
    expect(plain.flash().notice).toEqual(changedElsewhere);
    expect((await plain.json('GET', '/api/cart')).json().items[0].quantity).toBe(4);

    const valid = {
      email: 'rex@jurassic.com',
      firstName: 'Rex',
      lastName: 'Tyrant',
      address: '1 Volcano Way',
      city: 'Pangaea',
      state: 'CA',
      zipCode: '90210',
      country: 'US',
      paymentMethod: 'paypal',
    };
    const stale = await plain.post('/checkout', { ...valid, cartVersion });
    expect(stale.headers.location).toBe('/checkout');
    expect(plain.flash()).toEqual({
      notice: changedElsewhere,
      form: { name: 'checkout', values: expect.objectContaining({ email: 'rex@jurassic.com' }), errors: {} },
    });
    expect((await plain.json('GET', '/api/cart')).json().items[0].quantity).toBe(4);

    // Emptied elsewhere since the page was shown: back to the cart, saying why.
    const other = browser(app);
    await other.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const shown = Number(JSON.parse((await other.json('GET', '/api/cart')).headers.etag as string));
    await other.json('DELETE', '/api/cart');
    expect((await other.post('/checkout', { ...valid, cartVersion: shown })).headers.location).toBe('/cart');
    expect(other.flash()).toEqual({ notice: changedElsewhere });

    // The page as it is now places the order.
    const current = Number(JSON.parse((await plain.json('GET', '/api/cart')).headers.etag as string));
    await plain.post('/checkout', { ...valid, cartVersion: current });
    expect(plain.flash().order.totalCents).toBeGreaterThan(0);
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([]);
  });

  it('a clear from a page rendered before another tab added a line clears nothing and says so', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const cartVersion = Number(JSON.parse((await plain.json('GET', '/api/cart')).headers.etag as string));
    await plain.json('POST', '/api/cart', { productId: product.id, variantId: product.variants[1]!.id, quantity: 1 });
    await plain.post('/cart/clear', { cartVersion, returnTo: '/cart' });
    expect(plain.flash().notice).toMatchObject({ title: 'Your cart was changed', tone: 'error' });
    expect((await plain.json('GET', '/api/cart')).json().items).toHaveLength(2);
    const current = Number(JSON.parse((await plain.json('GET', '/api/cart')).headers.etag as string));
    await plain.post('/cart/clear', { cartVersion: current, returnTo: '/cart' });
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([]);
  });
});
