import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamId } from '../../../domain/cart/cart.events.ts';
import { orderStreamId } from '../../../domain/orders/order.events.ts';
import { readStream } from '../../../eventstore/streams.ts';
import { catalogue as seedData } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { receiveStock } from '../../../app/stock/stock.service.ts';
import { LOCK_TIMEOUT_MS } from '../../../eventstore/store.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, countEvents, shopperWith, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

describe.each(BACKENDS)('POST /api/orders on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const { product, variant } = variantWithStock(3);
  const stocked = variantWithStock(20);

  it('places the cart as an order: 201 with its number, lines and totals; OrderPlaced and CartCheckedOut recorded together; the cart is empty', async () => {
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 2);
    const cartId = (await me.request({ method: 'GET', url: '/api/cart' })).json().id;
    const response = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const unit = (stocked.product.priceCents / 100).toFixed(2);
    const subtotal = ((stocked.product.priceCents * 2) / 100).toFixed(2);
    expect(order).toEqual({
      number: expect.stringMatching(/^#DINO-\d{6}$/),
      placedAt: expect.any(String),
      status: 'Processing',
      lines: [
        {
          productId: stocked.product.id,
          variantId: stocked.variant.id,
          name: stocked.product.name,
          size: stocked.variant.size,
          color: stocked.variant.color,
          quantity: 2,
          unitPrice: unit,
        },
      ],
      subtotal,
      shippingCost: stocked.product.priceCents * 2 >= 5000 ? '0.00' : '5.99',
      discount: '0.00',
      total: ((stocked.product.priceCents * 2 + (stocked.product.priceCents * 2 >= 5000 ? 0 : 599)) / 100).toFixed(2),
      shipping: { method: 'Standard Shipping (3-5 business days)', carrier: null, trackingNumber: null, eta: null },
      refunded: '0.00',
      history: [{ type: 'OrderPlaced', at: expect.any(String) }],
    });
    const [cartEvent] = (await readStream(app.db, cartStreamId(cartId))).slice(-1);
    expect(cartEvent!.type).toBe('CartCheckedOut');
    const orderId = (cartEvent!.data as { orderId: string }).orderId;
    const placed = await readStream(app.db, orderStreamId(orderId));
    expect(placed.map((e) => e.type)).toEqual(['OrderPlaced']);
    // Contact and address are sealed: no clear text of them in the log.
    expect(JSON.stringify(placed)).not.toMatch(/rex@example|Fossil|Bedrock|Saurus/i);
    expect((await me.request({ method: 'GET', url: '/api/cart' })).json().items).toEqual([]);
    const { rows } = await app.db.query<{ ordered: number }>('select ordered from stock_levels where variant_id = $1', [
      stocked.variant.id,
    ]);
    expect(rows).toEqual([{ ordered: 2 }]);
  });

  it('a retry with the same Idempotency-Key answers with the same order and places one', async () => {
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    const before = await countEvents(app, 'OrderPlaced');
    const headers = { 'idempotency-key': 'checkout-retry-1' };
    const first = await me.request({ method: 'POST', url: '/api/orders', payload: checkout(), headers });
    const again = await me.request({ method: 'POST', url: '/api/orders', payload: checkout(), headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().number).toBe(first.json().number);
    expect(await countEvents(app, 'OrderPlaced')).toBe(before + 1);
  });

  it("refuses invalid checkout fields with 422 and each field's message, recording nothing", async () => {
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    const before = await countEvents(app);
    const response = await me.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout({ email: 'nope', zipCode: '1' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Unprocessable Entity',
      message: 'Please enter a valid email address',
      requestId: expect.any(String),
      fields: { email: 'Please enter a valid email address', zipCode: 'Please enter a valid zip code' },
    });
    expect(await countEvents(app)).toBe(before);
  });

  it('refuses an empty cart (and no cart) with 422', async () => {
    const none = await shopper(app).request({ method: 'POST', url: '/api/orders', payload: checkout() });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Your cart is empty');
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    expect((await me.request({ method: 'POST', url: '/api/orders', payload: checkout() })).statusCode).toBe(201);
    const emptied = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().message).toBe('Your cart is empty');
  });

  it('refuses with 409 naming the line and how many are left when another order took the units, recording nothing', async () => {
    const first = await shopperWith(app, product.id, variant.id, 2);
    const second = await shopperWith(app, product.id, variant.id, 2);
    expect((await first.request({ method: 'POST', url: '/api/orders', payload: checkout() })).statusCode).toBe(201);
    const before = await countEvents(app);
    const refused = await second.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout({ email: 'other@example.com' }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Conflict',
      message: `Sorry, only 1 of ${product.name} (${variant.size}, ${variant.color}) is left`,
      requestId: expect.any(String),
    });
    expect(await countEvents(app)).toBe(before);
    // The cart is kept as it was: the shopper can lower the line and order what is left.
    expect((await second.request({ method: 'GET', url: '/api/cart' })).json().items).toHaveLength(1);
    const { rows } = await app.db.query<{ left: number }>(
      'select seeded + received - ordered as left from stock_levels where variant_id = $1',
      [variant.id],
    );
    expect(rows).toEqual([{ left: 1 }]);
    // The catalogue (steppers, sold-out marks, the variants API) reads the live stock.
    expect(app.catalogue.variant(variant.id)!.stock).toBe(1);
    const variants = (
      await app.inject({ method: 'GET', url: `/api/products/${product.id}/variants` })
    ).json() as Array<{ id: number; stock: number }>;
    expect(variants.find((v) => v.id === variant.id)!.stock).toBe(1);
  });

  it('stock received counts as the counted level does: an order for more than was counted, after a receipt, is placed', async () => {
    const { product: restocked, variant: counted } = variantWithStock(1);
    await receiveStock(app.shop.store, counted.id, 4);
    await app.catalogue.refresh();
    const buyer = await shopperWith(app, restocked.id, counted.id, 5);
    const placed = await buyer.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout({ email: 'bulk@example.com' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { rows } = await app.db.query('select seeded, received, ordered from stock_levels where variant_id = $1', [
      counted.id,
    ]);
    expect(rows).toEqual([{ seeded: 1, received: 4, ordered: 5 }]);
  });

  it('seed --reset gives no sold stock back: the seeded level is the count the sales are taken from', async () => {
    await seedCatalogue(app.db, seedData, { reset: true });
    await app.catalogue.refresh();
    expect(app.catalogue.variant(variant.id)!.stock).toBe(1);
    const { rows } = await app.db.query('select seeded, received, ordered from stock_levels where variant_id = $1', [
      variant.id,
    ]);
    expect(rows).toEqual([{ seeded: 3, received: 0, ordered: 2 }]);
  });

  it('a seed that would put a variant below what it sold fails on the check and changes nothing', async () => {
    // A new catalogue counting 1 of a variant that sold 2 (the last test left seeded 3, ordered 2).
    const lowered = {
      ...seedData,
      products: seedData.products.map((p) =>
        p.id !== product.id
          ? p
          : { ...p, variants: p.variants.map((v) => (v.id === variant.id ? { ...v, stock: 1 } : v)) },
      ),
    };
    const version = async () =>
      (await app.db.query<{ version: number }>('select version from catalogue_state')).rows[0]?.version;
    const before = {
      version: await version(),
      stock: (await app.db.query('select stock from variants where id = $1', [variant.id])).rows,
    };
    await expect(seedCatalogue(app.db, lowered, { reset: true })).rejects.toThrow(/stock_levels_never_below_zero/);
    expect({
      version: await version(),
      stock: (await app.db.query('select stock from variants where id = $1', [variant.id])).rows,
    }).toEqual(before);
    const { rows } = await app.db.query('select seeded, received, ordered from stock_levels where variant_id = $1', [
      variant.id,
    ]);
    expect(rows).toEqual([{ seeded: 3, received: 0, ordered: 2 }]);
  });

  // PGlite runs one transaction at a time: no lock is ever held while another waits.
  it.skipIf(backend === 'pglite')(
    'an order that waits on a variant another transaction holds answers 503 with Retry-After after the lock timeout, records nothing, and passes when sent again',
    async () => {
      const held = variantWithStock(17);
      const first = await shopperWith(app, held.product.id, held.variant.id, 1);
      expect((await first.request({ method: 'POST', url: '/api/orders', payload: checkout() })).statusCode).toBe(201);
      const me = await shopperWith(app, held.product.id, held.variant.id, 1);
      const before = await countEvents(app, 'OrderPlaced');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = app.db.transaction(async (tx) => {
        await tx.query('select 1 from stock_levels where variant_id = $1 for update', [held.variant.id]);
        locked();
        await released;
      });
      try {
        await isLocked;
        const started = Date.now();
        const busy = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
        expect(busy.statusCode, busy.body).toBe(503);
        expect(busy.headers['retry-after']).toBe('1');
        expect(busy.json()).toEqual({
          error: 'Service Unavailable',
          message: 'The shop is very busy right now. Please try again in a moment.',
          requestId: expect.any(String),
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS);
        expect(await countEvents(app, 'OrderPlaced')).toBe(before);
      } finally {
        release();
        await holder;
      }
      expect((await me.request({ method: 'POST', url: '/api/orders', payload: checkout() })).statusCode).toBe(201);
    },
  );

  it('with If-Match, orders only the cart version the shopper confirmed: another answers 412 and places nothing', async () => {
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    const seen = (await me.request({ method: 'GET', url: '/api/cart' })).headers.etag as string;
    // Another tab adds a line after the checkout was shown.
    await me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: stocked.product.id, variantId: stocked.variant.id, quantity: 1 },
    });
    const before = await countEvents(app);
    const stale = await me.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout(),
      headers: { 'if-match': seen },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^Your cart was changed/);
    expect(await countEvents(app)).toBe(before);
    const now = (await me.request({ method: 'GET', url: '/api/cart' })).headers.etag as string;
    const placed = await me.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout(),
      headers: { 'if-match': now },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().lines[0].quantity).toBe(2);
  });

  it('counts orders placed and refused in /metrics', async () => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^dino_orders_placed_total [1-9]/m);
    expect(text).toMatch(/^dino_orders_refused_total\{reason="out-of-stock"\} [1-9]/m);
    expect(text).toMatch(/^dino_orders_refused_total\{reason="empty-cart"\} [1-9]/m);
  });
});
