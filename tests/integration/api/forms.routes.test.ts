import { subscriberIdFor } from '../../../api/subscriptions/subscription.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

const product = seed.products.find((p) => p.variants[0]!.stock >= 5)!;
const variant = product.variants[0]!;
const ORIGIN = 'http://shop.test:3000';
const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** A browser without JavaScript: sends forms from the shop's own pages and keeps every cookie it is given. */
function browser(app: TestApp) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  return {
    jar,
    async post(url: string, fields: Record<string, string | number>, headers: Record<string, string> = { origin: ORIGIN }) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'shop.test:3000', cookie: cookieHeader(), ...headers },
      });
      remember(response.headers['set-cookie']);
      return response;
    },
    async json(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
      const response = await app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: cookieHeader() } });
      remember(response.headers['set-cookie']);
      return response;
    },
    flash() {
      const raw = jar.get('dino.flash');
      return raw ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null;
    },
  };
}

/** The recorded events of one stream, as type + data without ids and times. */
async function eventsOf(app: TestApp, streamId: string) {
  const rows = await app.db.query<{ type: string; data: Record<string, unknown> }>('select type, data from events where stream_id = $1 order by version', [streamId]);
  return rows.rows.map(({ type, data }) => {
    const { at: _at, lineId: _lineId, ...rest } = data;
    return { type, ...rest };
  });
}

describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it("an add from a product page comes back to it with the added variant chosen; another page is left as it was", async () => {
    const plain = browser(app);
    const other = seed.products.find((p) => p.slug !== product.slug)!;
    const choice = new URLSearchParams({ size: variant.size, color: variant.color });
    const onOtherRoute = await plain.post('/cart/add', { productId: product.id, size: variant.size, color: variant.color, quantity: 1, returnTo: `/products/${product.slug}/?from=card#top` });
    expect(onOtherRoute.headers.location).toBe(`/products/${product.slug}/?from=card&${choice}#top`);
    const elsewhere = await plain.post('/cart/add', { productId: product.id, size: variant.size, color: variant.color, quantity: 1, returnTo: `/product/${other.slug}` });
    expect(elsewhere.headers.location).toBe(`/product/${other.slug}`);
    const listing = await plain.post('/cart/add', { productId: product.id, size: variant.size, color: variant.color, quantity: 1, returnTo: '/shop?sort=newest' });
    expect(listing.headers.location).toBe('/shop?sort=newest');
  });

  it('add, change, remove and clear answer 303 with a flash, and record the same events as the JSON API', async () => {
    const plain = browser(app);
    const added = await plain.post('/cart/add', { productId: product.id, size: variant.size, color: variant.color, quantity: 2, returnTo: `/product/${product.slug}` });
    expect(added.statusCode).toBe(303);
    // Back on the product page with the variant just added chosen.
    expect(added.headers.location).toBe(`/product/${product.slug}?${new URLSearchParams({ size: variant.size, color: variant.color })}`);
    expect(plain.flash()).toEqual({ notice: { title: 'Added to cart!', description: `${product.name} has been added to your cart.`, tone: 'success', link: { href: '/cart', label: 'View cart' } } });
    expect(plain.jar.get('dino.items')).toBe('2');
    const cart = (await plain.json('GET', '/api/cart')).json();
    const lineId = cart.items[0].id;

    expect((await plain.post(`/cart/items/${lineId}`, { quantity: 3, returnTo: '/cart' })).headers.location).toBe('/cart');
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
    expect(viaForms.map((e) => e.type)).toEqual(['ItemAdded', 'QuantityChanged', 'ItemRemoved', 'ItemAdded', 'CartCleared']);
    expect(viaForms).toEqual(viaJson);
  });

  it('Buy Now goes to /checkout; a sold-out choice or an unknown product is refused with a message', async () => {
    const plain = browser(app);
    const buy = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1, intent: 'buy-now', returnTo: '/shop' });
    expect(buy.headers.location).toBe('/checkout');

    const soldOut = seed.products.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.stock === 0)!;
    const refused = await plain.post('/cart/add', { productId: soldOut.p.id, size: soldOut.v.size, color: soldOut.v.color, quantity: 1, returnTo: '/shop' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/shop');
    expect(plain.flash().notice).toEqual({ title: 'Failed to add item to cart', description: 'Sorry, this size and colour is out of stock', tone: 'error' });

    await plain.post('/cart/add', { productId: 99999, quantity: 1, returnTo: '/shop' });
    expect(plain.flash().notice).toMatchObject({ title: 'Error', tone: 'error' });
  });

  it('refuses posts from other sites and never redirects off the site', async () => {
    const plain = browser(app);
    const before = (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }, { origin: 'null' }, {}];
    for (const headers of foreign) {
      const response = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Forbidden', message: expect.any(String), requestId: expect.any(String) });
    }
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n).toBe(before);

    const offsite = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1, returnTo: '//evil.example/x' });
    expect(offsite.headers.location).toBe('/');
    // A tab is dropped by the browser's URL parser, so this path names another host.
    expect((await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1, returnTo: '/\t/evil.example/x' })).headers.location).toBe('/');
  });

  it('goes back to a returnTo that a header cannot carry as sent (a newline, non-ASCII) percent-encoded, the change made once', async () => {
    const plain = browser(app);
    const newline = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1, returnTo: '/\n' });
    expect(newline.statusCode).toBe(303);
    expect(newline.headers.location).toBe('/');
    const search = await plain.post('/cart/promo', { promoCode: 'nope', returnTo: '/shop?search=\u2713 x' });
    expect(search.statusCode).toBe(303);
    expect(search.headers.location).toBe('/shop?search=%E2%9C%93%20x');
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(1);
  });

  it('a double-submitted form runs once: both posts carry the page\'s form nonce, the repeat gets the first answer', async () => {
    const plain = browser(app);
    plain.jar.set('dino.form', `page-${Math.random().toString(36).slice(2)}`);
    const add = { productId: product.id, variantId: variant.id, quantity: 2, returnTo: '/shop' };
    // Sent together, as a double click sends them: the same cookies, the same fields.
    const [first, second] = await Promise.all([plain.post('/cart/add', add), plain.post('/cart/add', add)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(await eventsOf(app, `cart-${cart.id}`)).toEqual([expect.objectContaining({ type: 'ItemAdded', quantity: 2 })]);
    // The answer handed out a new nonce: the next add, from the page it led to, is a new action.
    const renewed = plain.jar.get('dino.form');
    expect(renewed).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    await plain.post('/cart/add', add);
    expect(plain.jar.get('dino.form')).not.toBe(renewed);
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([expect.objectContaining({ quantity: 4 })]);
    // The same nonce on another form is another action: it runs.
    plain.jar.set('dino.form', renewed!);
    const line = (await plain.json('GET', '/api/cart')).json().items[0];
    expect((await plain.post(`/cart/items/${line.id}`, { quantity: 1, returnTo: '/cart' })).headers['idempotent-replayed']).toBeUndefined();
    expect((await plain.json('GET', '/api/cart')).json().items).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('a post without a form nonce (no page opened) runs, and its answer hands one out', async () => {
    const plain = browser(app);
    const subscribe = { email: `no-nonce-${Math.random().toString(36).slice(2)}@example.com`, returnTo: '/' };
    const first = await plain.post('/subscribe', subscribe);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(plain.jar.get('dino.form')).toBeDefined();
  });

  it('the JSON API still refuses form bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: form({ productId: product.id, variantId: variant.id, quantity: 1 }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Unsupported Media Type', message: expect.stringContaining('JSON'), requestId: expect.any(String) });
  });

  it('promo code posted by the enhanced cart page (fetch, JSON answer): applying a code again after another replaced it applies it again', async () => {
    const shopper = browser(app);
    await shopper.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const apply = async (promoCode: string) => (await shopper.post('/cart/promo', { promoCode }, { origin: ORIGIN, accept: 'application/json' })).json();
    const sessionPromo = () => {
      const signed = decodeURIComponent(shopper.jar.get('dino.sid') ?? '');
      return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64url').toString()).promoCode;
    };
    expect(await apply('dinobooty')).toEqual({ applied: true });
    expect(sessionPromo()).toBe('DINOBOOTY');
    expect(await apply('nope')).toEqual({ applied: false });
    expect(sessionPromo()).toBeUndefined();
    // The same fields and nonce as the first post: whether it runs again or replays the first answer,
    // that answer's session cookie carries the code.
    expect(await apply('dinobooty')).toEqual({ applied: true });
    expect(sessionPromo()).toBe('DINOBOOTY');
  });

  it('promo code: kept in the session; checkout validates with the schema, keeps values (not the card number) and places the order', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    await plain.post('/cart/promo', { promoCode: 'nope', returnTo: '/cart' });
    expect(plain.flash().form).toEqual({ name: 'promo', values: { promoCode: 'nope' }, errors: { promoCode: 'Invalid coupon code. Try DINOBOOTY for free shipping!' }, result: 'invalid' });
    expect(plain.jar.get('dino.promo') ?? '').toBe('');
    await plain.post('/cart/promo', { promoCode: ' dinobooty ', returnTo: '/cart' });
    expect(plain.flash().form.result).toBe('applied');
    // The flag the cart drawer reads (the code itself stays in the session).
    expect(plain.jar.get('dino.promo')).toBe('1');

    const invalid = await plain.post('/checkout', { email: 'rex@', firstName: 'Rex', cardNumber: '4242', paymentMethod: 'credit-card' });
    expect(invalid.headers.location).toBe('/checkout');
    const { form: kept } = plain.flash();
    expect(kept.values).toMatchObject({ email: 'rex@', firstName: 'Rex' });
    expect(kept.values).not.toHaveProperty('cardNumber');
    expect(kept.errors).toMatchObject({
      email: 'Please enter a valid email address',
      lastName: 'Last name must be at least 2 characters',
      paymentMethod: 'Please complete all credit card details',
    });

    const valid = { email: 'rex@jurassic.com', firstName: 'Rex', lastName: 'Tyrant', address: '1 Volcano Way', city: 'Pangaea', state: 'CA', zipCode: '90210', country: 'US', paymentMethod: 'paypal' };
    const placed = await plain.post('/checkout', valid);
    expect(placed.headers.location).toBe('/checkout');
    const { order } = plain.flash();
    expect(order.number).toMatch(/^#DINO-\d{6}$/);
    // The promo code applied on the cart page frees the shipping at checkout too.
    expect(order.totalCents).toBe(Math.round(Number(product.priceCents)));
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toEqual([]);
    expect(plain.jar.get('dino.items')).toBe('0');
    expect(plain.jar.get('dino.promo')).toBe('');
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
      const answer = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity, returnTo: '/shop' });
      expect(answer.headers.location, String(quantity)).toBe('/shop');
      expect(plain.flash(), String(quantity)).toEqual(refusal('Failed to add item to cart', description));
    }
    // A variant of another product, or a size and colour the product is not made in.
    const other = seed.products.find((p) => p.id !== product.id)!;
    await plain.post('/cart/add', { productId: product.id, variantId: other.variants[0]!.id, quantity: 1, returnTo: '/shop' });
    expect(plain.flash()).toEqual(refusal('Error', 'Please select a variant before adding to cart'));
    await plain.post('/cart/add', { productId: product.id, size: variant.size, color: 'Plaid', quantity: 1, returnTo: `/product/${product.slug}` });
    expect(plain.flash()).toEqual(refusal('Error', 'Please select a variant before adding to cart'));

    await plain.post(`/cart/items/${lineId}`, { quantity: 'lots', returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to update item quantity', 'quantity must be a number'));
    await plain.post(`/cart/items/${lineId}`, { quantity: variant.stock + 1, returnTo: '/cart' });
    expect(plain.flash().notice).toMatchObject({ title: 'Failed to update item quantity', description: expect.stringMatching(/^Only \d+ left/), tone: 'error' });
    await plain.post('/cart/items/no-such-line', { quantity: 2, returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to update item quantity', 'That item is not in your cart'));
    await plain.post('/cart/items/no-such-line/remove', { returnTo: '/cart' });
    expect(plain.flash()).toEqual(refusal('Failed to remove item', 'That item is not in your cart'));

    expect(await recorded()).toBe(before);
    expect((await plain.json('GET', '/api/cart')).json().items).toMatchObject([{ id: lineId, quantity: 1 }]);
    expect(plain.jar.get('dino.items')).toBe('1');
  });

  it('checkout of an empty cart from a page that showed none goes back to the cart, without a notice', async () => {
    const plain = browser(app);
    const valid = { email: 'rex@jurassic.com', firstName: 'Rex', lastName: 'Tyrant', address: '1 Volcano Way', city: 'Pangaea', state: 'CA', zipCode: '90210', country: 'US', paymentMethod: 'paypal' };
    const empty = await plain.post('/checkout', valid);
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/cart');
    expect(plain.flash()).toBeNull();
  });

  it('a database that fails a write: the form says to try again, and the cart and the list are as they were', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    await app.db.query(`create function refuse_events() returns trigger language plpgsql as $$
      begin raise exception 'events are refused' using errcode = 'disk_full'; end $$`);
    await app.db.query('create trigger refuse_events before insert on events for each row execute function refuse_events()');
    try {
      const add = await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1, returnTo: '/shop' });
      expect(add.statusCode).toBe(303);
      expect(plain.flash()).toEqual({ notice: { title: 'Failed to add item to cart', description: 'Please try again', tone: 'error' } });
      await plain.post('/cart/clear', { returnTo: '/cart' });
      expect(plain.flash()).toEqual({ notice: { title: 'Failed to clear cart', description: 'Please try again', tone: 'error' } });

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
    expect(await subscriberIdFor(app.db, 'refused@jurassic.com').then((id) => eventsOf(app, `subscriber-${id}`))).toEqual([]);
  });

  it('a change or an order from a page rendered before another tab changed the cart changes nothing and says so', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const seen = await plain.json('GET', '/api/cart');
    const cartVersion = Number(JSON.parse(seen.headers.etag as string));
    const lineId = seen.json().items[0].id;
    // Another tab raises the quantity to 4 after this page was rendered with 1.
    await plain.json('PUT', `/api/cart/${lineId}`, { quantity: 4 });

    const changedElsewhere = { title: 'Your cart was changed', description: expect.stringContaining('another tab or window'), tone: 'error' };
    await plain.post(`/cart/items/${lineId}`, { quantity: 2, cartVersion, returnTo: '/cart' });
    expect(plain.flash().notice).toEqual(changedElsewhere);
    expect((await plain.json('GET', '/api/cart')).json().items[0].quantity).toBe(4);

    const valid = { email: 'rex@jurassic.com', firstName: 'Rex', lastName: 'Tyrant', address: '1 Volcano Way', city: 'Pangaea', state: 'CA', zipCode: '90210', country: 'US', paymentMethod: 'paypal' };
    const stale = await plain.post('/checkout', { ...valid, cartVersion });
    expect(stale.headers.location).toBe('/checkout');
    expect(plain.flash()).toEqual({ notice: changedElsewhere, form: { name: 'checkout', values: expect.objectContaining({ email: 'rex@jurassic.com' }), errors: {} } });
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

  it('a form takes only a browser\'s form body: JSON, whatever its values, is a 415 that changes nothing', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const cookie = [...plain.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [url, payload] of [
      ['/cart/add', { productId: product.id, variantId: variant.id }],
      ['/cart/clear', { returnTo: 1 }],
      ['/cart/promo', { promoCode: 'DINOBOOTY', returnTo: 1 }],
      ['/contact', { name: 1, email: 2, subject: 3, message: 4 }],
      ['/track-order', { orderNumber: 1, email: 2 }],
    ] as const) {
      const response = await app.inject({ method: 'POST', url, payload, headers: { host: 'shop.test:3000', origin: ORIGIN, cookie } });
      expect(response.statusCode, url).toBe(415);
      expect(response.json()).toEqual({ error: 'Unsupported Media Type', message: expect.stringContaining('application/x-www-form-urlencoded'), requestId: expect.any(String) });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect((await plain.json('GET', '/api/cart')).json().items).toHaveLength(1);
  });

  it('what was typed comes back in a flash the browser keeps: long values are cut to fit a cookie, a body over the limit is a notice', async () => {
    const plain = browser(app);
    const message = '🦖'.repeat(1_000);
    const answer = await plain.post('/contact', { name: 'Rex', email: '', subject: 'Hi', message });
    const cookieLine = [answer.headers['set-cookie']].flat().find((line) => line?.startsWith('dino.flash='))!;
    expect(cookieLine.length).toBeLessThan(4_096);
    const { form: kept } = plain.flash();
    expect(kept.errors).toEqual({ email: 'Please enter your email address' });
    expect(kept.values).toMatchObject({ name: 'Rex', subject: 'Hi' });
    expect(message.startsWith(kept.values.message)).toBe(true);
    expect(kept.values.message.length).toBeGreaterThan(100);

    const tooLong = await plain.post('/contact', { name: 'Rex', email: 'rex@jurassic.com', subject: 'Hi', message: 'x'.repeat(17_000) }, { origin: ORIGIN, referer: `${ORIGIN}/contact` });
    expect(tooLong.statusCode).toBe(303);
    expect(tooLong.headers.location).toBe('/contact');
    expect(plain.flash().notice).toEqual({ title: 'That was too long to send', description: expect.any(String), tone: 'error' });
  });

  it('signup records Subscribed like POST /api/subscribe; contact and tracking answer with their outcome', async () => {
    const plain = browser(app);
    const bad = await plain.post('/subscribe', { email: 'nope', returnTo: '/' });
    expect(bad.headers.location).toBe('/#signup');
    expect(plain.flash().form).toEqual({ name: 'signup', values: { email: 'nope' }, errors: { email: 'Please enter a valid email address' } });
    await plain.post('/subscribe', { email: 'Form@Jurassic.com', returnTo: '/about' });
    expect(plain.flash().notice).toEqual({ title: 'Subscription successful!', description: "You've been added to our dinosaur mailing list.", tone: 'success' });
    const subscriberId = await subscriberIdFor(app.db, 'form@jurassic.com');
    expect(await eventsOf(app, `subscriber-${subscriberId}`)).toEqual([{ type: 'Subscribed', subscriberId, emailCipher: expect.stringMatching(/^a1\./), schemaVersion: 2 }]);

    await plain.post('/contact', { name: 'Rex', email: '', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form).toEqual({ name: 'contact', values: { name: 'Rex', email: '', subject: 'Hi', message: 'Hello' }, errors: { email: 'Please enter your email address' } });
    await plain.post('/contact', { name: 'Rex', email: 'rex at jurassic', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form.errors).toEqual({ email: 'Please enter a valid email address' });
    await plain.post('/contact', { name: 'Rex', email: 'rex@jurassic.com', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form.result).toBe('sent');

    await plain.post('/track-order', { orderNumber: 'coc-123456', email: 'rex@jurassic.com' });
    expect(plain.flash().form.result).toBe('found');
    await plain.post('/track-order', { orderNumber: 'COC-1', email: 'rex@jurassic.com' });
    expect(plain.flash().form.result).toBe('not-found');
    // Checked on the server too, as the page without JavaScript cannot check it first.
    await plain.post('/track-order', { orderNumber: ' ', email: '  ' });
    expect(plain.flash().form).toEqual({
      name: 'track',
      values: { orderNumber: ' ', email: '  ' },
      errors: { orderNumber: 'Please enter your order number', email: 'Please enter your email address' },
    });
  });
});
