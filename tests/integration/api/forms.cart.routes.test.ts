import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { browser, eventsOf, product, variant } from '../../support/plain-forms.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The cart's plain HTML forms (add, change, remove, clear, Buy Now) as a browser without JavaScript posts
 * them: 303 with a flash, the same events as the JSON API, refusals that record nothing, a failing write.
 */
describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('an add from a product page comes back to it with the added variant chosen; another page is left as it was', async () => {
    const plain = browser(app);
    const other = seed.products.find((p) => p.slug !== product.slug)!;
    const choice = new URLSearchParams({ size: variant.size, color: variant.color });
    const onOtherRoute = await plain.post('/cart/add', {
      productId: product.id,
      size: variant.size,
      color: variant.color,
      quantity: 1,
      returnTo: `/products/${product.slug}/?from=card#top`,
    });
    expect(onOtherRoute.headers.location).toBe(`/products/${product.slug}/?from=card&${choice}#top`);
    const elsewhere = await plain.post('/cart/add', {
      productId: product.id,
      size: variant.size,
      color: variant.color,
      quantity: 1,
      returnTo: `/product/${other.slug}`,
    });
    expect(elsewhere.headers.location).toBe(`/product/${other.slug}`);
    const listing = await plain.post('/cart/add', {
      productId: product.id,
      size: variant.size,
      color: variant.color,
      quantity: 1,
      returnTo: '/shop?sort=newest',
    });
    expect(listing.headers.location).toBe('/shop?sort=newest');
  });

  it('add, change, remove and clear answer 303 with a flash, and record the same events as the JSON API', async () => {
    const plain = browser(app);
    const added = await plain.post('/cart/add', {
      productId: product.id,
      size: variant.size,
      color: variant.color,
      quantity: 2,
      returnTo: `/product/${product.slug}`,
    });
    expect(added.statusCode).toBe(303);
    // Back on the product page with the variant just added chosen.
    expect(added.headers.location).toBe(
      `/product/${product.slug}?${new URLSearchParams({ size: variant.size, color: variant.color })}`,
    );
    expect(plain.flash()).toEqual({
      notice: {
        title: 'Added to cart!',
        description: `${product.name} has been added to your cart.`,
        tone: 'success',
        link: { href: '/cart', label: 'View cart' },
      },
    });
    expect(plain.jar.get('dino.items')).toBe('2');
    const cart = (await plain.json('GET', '/api/cart')).json();
    const lineId = cart.items[0].id;

    expect((await plain.post(`/cart/items/${lineId}`, { quantity: 3, returnTo: '/cart' })).headers.location).toBe(
      '/cart',
    );
    expect(plain.jar.get('dino.items')).toBe('3');
    await plain.post(`/cart/items/${lineId}/remove`, { returnTo: '/cart' });
    expect(plain.flash().notice.title).toBe('Item removed');
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    await plain.post('/cart/clear', { returnTo: '/cart' });
    expect(plain.jar.get('dino.items')).toBe('0');

    const scripted = browser(app);
    await scripted.json('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 2 });
    const line = (await scripted.json('GET', '/api/cart')).json().items[0].id;
    await scripted.json('PUT', `/api/cart/${line}`, { quantity: 3 });
    await scripted.json('DELETE', `/api/cart/${line}`);
    await scripted.json('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 });
    await scripted.json('DELETE', '/api/cart');

    const cartIdOf = async (b: ReturnType<typeof browser>) => (await b.json('GET', '/api/cart')).json().id as string;
    const viaForms = await eventsOf(app, `cart-${await cartIdOf(plain)}`);
    const viaJson = await eventsOf(app, `cart-${await cartIdOf(scripted)}`);
    expect(viaForms.map((e) => e.type)).toEqual([
      'ItemAdded',
      'QuantityChanged',
      'ItemRemoved',
      'ItemAdded',
      'CartCleared',
    ]);
    expect(viaForms).toEqual(viaJson);
  });

  it('Buy Now goes to /checkout; a sold-out choice or an unknown product is refused with a message', async () => {
    const plain = browser(app);
    const buy = await plain.post('/cart/add', {
      productId: product.id,
      variantId: variant.id,
      quantity: 1,
      intent: 'buy-now',
      returnTo: '/shop',
    });
    expect(buy.headers.location).toBe('/checkout');

    const soldOut = seed.products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.stock === 0)!;
    const refused = await plain.post('/cart/add', {
      productId: soldOut.p.id,
      size: soldOut.v.size,
      color: soldOut.v.color,
      quantity: 1,
      returnTo: '/shop',
    });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/shop');
    expect(plain.flash().notice).toEqual({
      title: 'Failed to add item to cart',
      description: 'Sorry, this size and colour is out of stock',
      tone: 'error',
    });

    await plain.post('/cart/add', { productId: 99999, quantity: 1, returnTo: '/shop' });
    expect(plain.flash().notice).toMatchObject({ title: 'Error', tone: 'error' });
  });

  it('a refused add, change or remove says why in a notice, records nothing and leaves the cart as it was', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const cartId = (await plain.json('GET', '/api/cart')).json().id as string;
    const lineId = (await plain.json('GET', '/api/cart')).json().items[0].id as string;
    const recorded = async () => (await eventsOf(app, `cart-${cartId}`)).length;
    const before = await recorded();
    const refusal = (title: string, description: string) => ({ notice: { title, description, tone: 'error' } });

    for (const [quantity, description] of [
      [0, 'quantity must be at least 1'],
      [100, 'quantity must be at most 99'],
      ['abc', 'quantity must be a number'],
      ['1.5', 'quantity must be a number'],
    ] as const) {
      const answer = await plain.post('/cart/add', {
        productId: product.id,
        variantId: variant.id,
        quantity,
        returnTo: '/shop',
      });
      expect(answer.headers.location, String(quantity)).toBe('/shop');
      expect(plain.flash(), String(quantity)).toEqual(refusal('Failed to add item to cart', description));
    }
    // A variant of another product, or a size and colour the product is not made in.
    const other = seed.products.find((p) => p.id !== product.id)!;
    await plain.post('/cart/add', {
      productId: product.id,
      variantId: other.variants[0]!.id,
      quantity: 1,
      returnTo: '/shop',
    });
    expect(plain.flash()).toEqual(refusal('Error', 'Please select a variant before adding to cart'));
    await plain.post('/cart/add', {
      productId: product.id,
      size: variant.size,
      color: 'Plaid',
      quantity: 1,
      returnTo: `/product/${product.slug}`,
    });
    expect(plain.flash()).toEqual(refusal('Error', 'Please select a variant before adding to cart'));

    await plain.post(`/cart/items/${lineId}`, { quantity: 'lots', returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to update item quantity', 'quantity must be a number'));
    await plain.post(`/cart/items/${lineId}`, { quantity: variant.stock + 1, returnTo: '/cart' });
    expect(plain.flash().notice).toMatchObject({
      title: 'Failed to update item quantity',
      description: expect.stringMatching(/^Only \d+ left/),
      tone: 'error',
    });
    await plain.post('/cart/items/no-such-line', { quantity: 2, returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to update item quantity', 'That item is not in your cart'));
    await plain.post('/cart/items/no-such-line/remove', { returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to remove item', 'That item is not in your cart'));

    expect(await recorded()).toBe(before);
    expect((await plain.json('GET', '/api/cart')).json().items).toMatchObject([{ id: lineId, quantity: 1 }]);
    expect(plain.jar.get('dino.items')).toBe('1');
  });

  it('a database that fails a write: the form says to try again, and the cart and the list are as they were', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    await app.db.query(`create function refuse_events() returns trigger language plpgsql as $$
      begin raise exception 'events are refused' using errcode = 'disk_full'; end $$`);
    await app.db.query(
      'create trigger refuse_events before insert on events for each row execute function refuse_events()',
    );
    try {
      const add = await plain.post('/cart/add', {
        productId: product.id,
        variantId: variant.id,
        quantity: 1,
        returnTo: '/shop',
      });
      expect(add.statusCode).toBe(303);
      expect(plain.flash()).toEqual({
        notice: { title: 'Failed to add item to cart', description: 'Please try again', tone: 'error' },
      });
      await plain.post('/cart/clear', { returnTo: '/cart' });
      expect(plain.flash()).toEqual({
        notice: { title: 'Failed to clear cart', description: 'Please try again', tone: 'error' },
      });

      const signup = await plain.post('/subscribe', { email: 'refused@jurassic.com', returnTo: '/' });
      expect(signup.headers.location).toBe('/#signup');
      expect(plain.flash()).toEqual({
        notice: { title: 'Subscription failed', description: 'Something went wrong. Please try again.', tone: 'error' },
        form: { name: 'signup', values: { email: 'refused@jurassic.com' }, errors: {} },
      });
    } finally {
      await app.db.query('drop trigger refuse_events on events');
      await app.db.query('drop function refuse_events()');
    }
    expect((await plain.json('GET', '/api/cart')).json().items).toMatchObject([{ quantity: 1 }]);
    expect(
      await subscriberIdFor(app.db, 'refused@jurassic.com').then((id) => eventsOf(app, `subscriber-${id}`)),
    ).toEqual([]);
  });
});
