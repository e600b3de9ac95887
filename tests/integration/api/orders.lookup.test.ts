import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersService } from '../../../app/orders/orders.service.ts';
import { forgetSubscriber, subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { openPersonal } from '../../../domain/personal-seal.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, shopperWith, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)("GET /api/orders/{number} and the customer's data on %s", (backend) => {
  let app: TestApp;
  let number: string;
  const stocked = variantWithStock(20);
  beforeAll(async () => {
    app = await createTestApp(backend);
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    number = (
      await me.request({ method: 'POST', url: '/api/orders', payload: checkout({ email: ' Trixie@Example.com ' }) })
    ).json().number;
  });
  afterAll(() => app?.close());

  const lookUp = (n: string, email: string) =>
    app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(n)}?email=${encodeURIComponent(email)}` });

  it('finds the order by its number (with or without #, any case, spaces ignored) and the address it was placed with (any case, spaces ignored)', async () => {
    const digits = number.slice('#DINO-'.length);
    for (const [n, email] of [
      [number, 'trixie@example.com'],
      [`dino-${digits}`, ' TRIXIE@example.com '],
      [` # DINO - ${digits} `, 'Trixie@Example.com'],
    ] as const) {
      const response = await lookUp(n, email);
      expect(response.statusCode, `${n} ${email}`).toBe(200);
      expect(response.json()).toMatchObject({
        number,
        status: 'Processing',
        lines: [{ name: stocked.product.name, quantity: 1 }],
        shipping: { method: 'Standard Shipping (3-5 business days)', carrier: null, trackingNumber: null, eta: null },
        refunded: '0.00',
        history: [{ type: 'OrderPlaced', at: expect.any(String) }],
      });
    }
    expect(JSON.stringify((await lookUp(number, 'trixie@example.com')).json())).not.toMatch(/trixie/i);
  });

  it('answers a wrong address and an unknown number alike: 404 Order Not Found', async () => {
    const wrongEmail = await lookUp(number, 'rex@example.com');
    const unknown = await lookUp('#DINO-000001', 'trixie@example.com');
    const garbage = await lookUp('COC-123456', 'trixie@example.com');
    for (const response of [wrongEmail, unknown, garbage]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not Found',
        message: 'Order Not Found',
        requestId: expect.any(String),
      });
    }
  });

  it('refuses a lookup without an address with 400', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(number)}` })).statusCode).toBe(
      400,
    );
  });

  it("forgetting the address makes the order's personal details unreadable and the order not found by it; its lines and totals stay", async () => {
    const customerId = await subscriberIdFor(app.db, 'trixie@example.com');
    const personalOf = async () =>
      (
        await app.db.query<{ personal: string; total_cents: number; lines: unknown[] }>(
          'select personal, total_cents, lines from orders where number = $1',
          [number],
        )
      ).rows[0]!;
    const keyOf = async () =>
      (
        await app.db.query<{ key: Uint8Array }>('select key from subscriber_keys where subscriber_id = $1', [
          customerId,
        ])
      ).rows[0]?.key;
    const key = await keyOf();
    expect(JSON.parse(openPersonal(Buffer.from(key!), (await personalOf()).personal))).toEqual({
      email: 'trixie@example.com',
      firstName: 'Rex',
      lastName: 'Saurus',
      address: '42 Fossil Lane',
      city: 'Bedrock',
      state: 'CA',
      zip: '90210',
      country: 'US',
    });
    await forgetSubscriber(app.shop.store, 'TRIXIE@example.com');
    expect(await keyOf()).toBeUndefined();
    // A customer forgotten has no orders to show: the number and the address answer as a wrong pair.
    expect((await lookUp(number, 'trixie@example.com')).json()).toEqual({
      error: 'Not Found',
      message: 'Order Not Found',
      requestId: expect.any(String),
    });
    const after = await personalOf();
    expect(after.personal).toMatch(/^a1\./);
    expect(after.total_cents).toBeGreaterThan(0);
    expect(after.lines).toHaveLength(1);
    // Opening it with any other key fails its authentication.
    expect(() => openPersonal(Buffer.alloc(32), after.personal)).toThrow();
  });

  it('a clash of order numbers draws a new one and never overwrites the order holding it', async () => {
    const draws = [number, number, '#DINO-999998'];
    const orders = createOrdersService({
      store: app.shop.store,
      catalogue: app.catalogue,
      drawNumber: () => draws.shift()!,
    });
    const me = await shopperWith(app, stocked.product.id, stocked.variant.id, 1);
    // The shopper's cart id, from the session the add made.
    const cartId = (await me.request({ method: 'GET', url: '/api/cart' })).json().id;
    const placed = await orders.placeOrder(cartId, checkout({ email: 'clash@example.com' }), false);
    expect(placed.number).toBe('#DINO-999998');
    expect(draws).toEqual([]);
    // The order holding the number is still trixie's (forgotten above, so not found by her address any more).
    const { rows } = await app.db.query<{ n: number; customer_id: string }>(
      'select count(*)::int as n, min(customer_id) as customer_id from orders where number = $1',
      [number],
    );
    expect(rows[0]).toEqual({ n: 1, customer_id: await subscriberIdFor(app.db, 'trixie@example.com') });
  });
});
