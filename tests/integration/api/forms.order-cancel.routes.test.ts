import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';
import { liveStock } from '../../../projections/stock/stock.queries.ts';
import { BACKENDS } from '../../support/databases.ts';
import { browser } from '../../support/plain-forms.ts';
import { countEvents, placedOrder } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

const SHIPPED = 'This order has already shipped, so it can no longer be cancelled';

/**
 * Without JavaScript: Track Order's Cancel posts the number and address the shopper typed to
 * /track-order/cancel, and the page comes back (303 and a flash) showing the order as it is after.
 */
describe.each(BACKENDS)('cancelling an order through the plain Track Order form on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const place = (stock: number, quantity: number, email: string) => placedOrder(app, stock, quantity, email);
  const statusOf = async (number: string, email: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(email)}`,
      })
    ).json().status as string;
  const stockOf = async (variantId: number) => (await liveStock(app.db, [variantId])).get(variantId);

  it('cancels a Processing order found with the number and address as typed: back to Track Order showing it Cancelled, its units back in stock, once', async () => {
    const { number, variantId } = await place(20, 2, 'trike@example.com');
    const before = await stockOf(variantId);
    const plain = browser(app);
    const typed = { orderNumber: number.slice(1).toLowerCase(), email: ' Trike@Example.com ' };

    const answer = await plain.post(FORM_ACTIONS.trackOrderCancel, typed);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/track-order');
    expect(answer.headers['cache-control']).toBe('no-store');
    const flash = plain.flash();
    // The typed values come back, so the page can look the order up again (and its Cancel is gone).
    expect(flash.form).toEqual({ name: 'track', values: typed, errors: {}, result: 'cancelled' });
    expect(flash.tracked).toMatchObject({
      number,
      status: 'Cancelled',
      shipping: { method: 'Standard Shipping (3-5 business days)' },
    });
    expect(flash.tracked.history.map((h: { type: string }) => h.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
    expect(await statusOf(number, 'trike@example.com')).toBe('Cancelled');
    expect(await stockOf(variantId)).toBe(before! + 2);

    // Sent again (a second press, a resend): still shown cancelled, recorded once.
    const again = await plain.post(FORM_ACTIONS.trackOrderCancel, typed);
    expect(again.statusCode).toBe(303);
    expect(plain.flash()).toMatchObject({ form: { result: 'cancelled' }, tracked: { status: 'Cancelled' } });
    expect(await stockOf(variantId)).toBe(before! + 2);
    const { rows } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from events where type = 'OrderCancelled' and data->>'by' = 'shopper' and stream_id in (select 'order-' || order_id from orders where number = $1)`,
      [number],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a wrong address, an unknown number or blank fields say Order Not Found, alike, and cancel nothing', async () => {
    const { number } = await place(20, 1, 'ptero@example.com');
    const before = await countEvents(app);
    const plain = browser(app);
    for (const typed of [
      { orderNumber: number, email: 'rex@example.com' },
      { orderNumber: '#DINO-000001', email: 'ptero@example.com' },
      { orderNumber: number, email: '  ' },
      { orderNumber: '', email: 'ptero@example.com' },
    ]) {
      const answer = await plain.post(FORM_ACTIONS.trackOrderCancel, typed);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/track-order');
      expect(plain.flash()).toEqual({ form: { name: 'track', values: typed, errors: {}, result: 'not-found' } });
    }
    expect(await countEvents(app)).toBe(before);
    expect(await statusOf(number, 'ptero@example.com')).toBe('Processing');
  });

  it('an order that shipped meanwhile is shown as it is now, with the reason it cannot be cancelled', async () => {
    const { number } = await place(20, 1, 'bronto@example.com');
    await app.shop.orders.ship(number, {
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-0099',
      eta: '2030-06-02',
    });
    const before = await countEvents(app);
    const plain = browser(app);
    const typed = { orderNumber: number, email: 'bronto@example.com' };
    const answer = await plain.post(FORM_ACTIONS.trackOrderCancel, typed);
    expect(answer.statusCode).toBe(303);
    const flash = plain.flash();
    expect(flash.form).toEqual({ name: 'track', values: typed, errors: { cancel: SHIPPED }, result: 'found' });
    expect(flash.tracked).toMatchObject({
      number,
      status: 'Shipped',
      shipping: {
        method: 'Standard Shipping (3-5 business days)',
        carrier: 'Pterodactyl Express',
        trackingNumber: 'PTX-0099',
        eta: 'June 2, 2030',
      },
    });
    expect(await countEvents(app)).toBe(before);
    expect(await statusOf(number, 'bronto@example.com')).toBe('Shipped');
  });

  it('the sample order (it has shipped) is shown again with the same reason', async () => {
    const plain = browser(app);
    await plain.post(FORM_ACTIONS.trackOrderCancel, { orderNumber: 'coc-123456', email: 'anyone@example.com' });
    expect(plain.flash()).toEqual({
      form: {
        name: 'track',
        values: { orderNumber: 'coc-123456', email: 'anyone@example.com' },
        errors: { cancel: SHIPPED },
        result: 'found',
      },
    });
  });

  it('the enhanced page’s lookup asked again after a Cancel in place says Cancelled: a lookup’s answer is never replayed', async () => {
    const { number } = await place(20, 1, 'diplo@example.com');
    const plain = browser(app);
    // The page's form nonce stays the same across answers given in JSON, and so do the fields.
    plain.jar.set('dino.form', 'nonce-of-this-page-0001');
    const lookUp = async () =>
      (
        await plain.post(
          FORM_ACTIONS.trackOrder,
          { orderNumber: number, email: 'diplo@example.com' },
          { origin: 'http://shop.test:3000', accept: 'application/json' },
        )
      ).json();
    expect(await lookUp()).toMatchObject({ result: 'found', tracked: { status: 'Processing' } });
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/${encodeURIComponent(number)}/cancel`,
      payload: { email: 'diplo@example.com' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await lookUp()).toMatchObject({ result: 'found', tracked: { status: 'Cancelled' } });
  });

  it('is refused from another site', async () => {
    const plain = browser(app);
    const { number } = await place(20, 1, 'iguano@example.com');
    const answer = await plain.post(
      FORM_ACTIONS.trackOrderCancel,
      { orderNumber: number, email: 'iguano@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(answer.statusCode).toBe(403);
    expect(await statusOf(number, 'iguano@example.com')).toBe('Processing');
  });
});

describe.each(BACKENDS)('the Track Order Cancel form shares the order lookups’ rate limit on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend, { rateLimits: { limits: { newCarts: 100, signUps: 100, cartAndOrders: 2 } } });
  });
  afterAll(() => app?.close());

  it('a third post from one address within the minute comes back to the page with a notice, and looks nothing up', async () => {
    const plain = browser(app);
    const typed = { orderNumber: '#DINO-000002', email: 'walker@example.com' };
    // A lookup and a cancel count together.
    await plain.post(FORM_ACTIONS.trackOrder, typed);
    await plain.post(FORM_ACTIONS.trackOrderCancel, typed);
    expect(plain.flash().form.result).toBe('not-found');
    const limited = await plain.post(FORM_ACTIONS.trackOrderCancel, typed, {
      origin: 'http://shop.test:3000',
      referer: 'http://shop.test:3000/track-order',
    });
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toBe('/track-order');
    expect(plain.flash()).toEqual({
      notice: { title: 'Please wait a moment', description: expect.stringContaining('Too many'), tone: 'error' },
    });
  });
});
