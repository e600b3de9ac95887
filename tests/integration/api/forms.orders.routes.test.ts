import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { browser } from '../../support/plain-forms.ts';
import { checkout, countEvents, shopperWith, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/** Without JavaScript: the checkout form places a real order, and the tracking form finds it. */
describe.each(BACKENDS)('orders through the plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const { product, variant } = variantWithStock(2);
  const fields = { ...checkout({ email: 'Stego@Example.com' }) };

  it('checkout records the order and confirms its number; Track Order finds it by number and email, and only so', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const placed = await plain.post('/checkout', fields);
    expect(placed.headers.location).toBe('/checkout');
    const { order } = plain.flash();
    const { rows } = await app.db.query<{ number: string; total_cents: number }>(
      'select number, total_cents from orders',
    );
    expect(rows).toEqual([{ number: order.number, total_cents: order.totalCents }]);
    expect(order.email).toBe('Stego@Example.com');
    expect(plain.jar.get('dino.items')).toBe('0');

    await plain.post('/track-order', {
      orderNumber: order.number.toLowerCase().replace('#', ''),
      email: ' stego@example.COM ',
    });
    const found = plain.flash();
    expect(found.form).toMatchObject({ name: 'track', result: 'found' });
    expect(found.tracked).toMatchObject({
      number: order.number,
      status: 'Processing',
      items: [
        {
          name: `${product.name} (${variant.size}, ${variant.color})`,
          quantity: 1,
          price: (product.priceCents / 100).toFixed(2),
        },
      ],
      shipping: { method: 'Standard Shipping (3-5 business days)' },
      charges: { subtotal: (product.priceCents / 100).toFixed(2), shipping: '5.99', discount: '0.00' },
      total: ((product.priceCents + 599) / 100).toFixed(2),
    });

    await plain.post('/track-order', { orderNumber: order.number, email: 'rex@example.com' });
    expect(plain.flash()).toMatchObject({ form: { result: 'not-found' } });
    expect(plain.flash().tracked).toBeUndefined();
    // The enhanced page asks the same route in JSON: found and not found both answer 200.
    const asJson = (orderNumber: string, email: string) =>
      plain.post(
        '/track-order',
        { orderNumber, email },
        { origin: 'http://shop.test:3000', accept: 'application/json' },
      );
    const foundJson = await asJson(order.number, 'stego@example.com');
    expect(foundJson.statusCode).toBe(200);
    expect(foundJson.json()).toMatchObject({
      result: 'found',
      tracked: { number: order.number, total: (order.totalCents / 100).toFixed(2) },
    });
    const missing = await asJson(order.number, 'rex@example.com');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ result: 'not-found' });
    // The sample still works as before, with any address.
    await plain.post('/track-order', { orderNumber: 'coc-123456', email: 'anyone@example.com' });
    expect(plain.flash().form.result).toBe('found');
  });

  it('a checkout asking for more than is left comes back with the reason, the form as filled in and nothing recorded', async () => {
    const other = await shopperWith(app, product.id, variant.id, 1);
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    expect((await other.request({ method: 'POST', url: '/api/orders', payload: checkout() })).statusCode).toBe(201);
    const before = await countEvents(app);
    await plain.post('/checkout', fields);
    const flash = plain.flash();
    expect(flash.order).toBeUndefined();
    expect(flash.notice).toEqual({
      title: 'Your order was not placed',
      description: `Sorry, ${product.name} (${variant.size}, ${variant.color}) is sold out: 0 left`,
      tone: 'error',
    });
    expect(flash.form.values).toMatchObject({ email: 'Stego@Example.com', firstName: 'Rex' });
    expect(await countEvents(app)).toBe(before);
  });
});
