import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { countEvents, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)('POST /api/stock-alerts on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const post = (payload: object) => app.inject({ method: 'POST', url: '/api/stock-alerts', payload });

  it('202 for a sold-out variant, the same answer when asked again (one request recorded)', async () => {
    const { product, variant } = variantWithStock(0);
    const first = await post({ email: 'Rex@Example.com', productId: product.id, variantId: variant.id });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: "We'll e-mail you once when it's back." });
    expect((await post({ email: 'rex@example.com', productId: product.id, variantId: variant.id })).json()).toEqual(
      first.json(),
    );
    expect(await countEvents(app, 'StockAlertRequested')).toBe(1);
  });

  it('refuses a bad address (400, as a sign-up does), a variant in stock (409) and an unknown one (404) as JSON, recording nothing', async () => {
    const { product, variant } = variantWithStock(0);
    const stocked = variantWithStock(20);
    const bad = await post({ email: 'nope', productId: product.id, variantId: variant.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Bad Request', message: expect.stringMatching(/valid email/) });
    const inStock = await post({
      email: 'rex@example.com',
      productId: stocked.product.id,
      variantId: stocked.variant.id,
    });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({
      error: 'Conflict',
      message: 'This size and colour is in stock: add it to your cart',
    });
    const unknown = await post({ email: 'rex@example.com', productId: product.id, variantId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Not Found' });
    expect((await post({ email: 'rex@example.com', productId: 'x', variantId: variant.id })).statusCode).toBeLessThan(
      500,
    );
    expect(await countEvents(app, 'StockAlertRequested')).toBe(1);
  });
});
