import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStock } from '../../../projections/stock/stock.queries.ts';
import { readStream } from '../../../eventstore/streams.ts';
import { BACKENDS } from '../../support/databases.ts';
import { placedOrder } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

describe.each(BACKENDS)('an order that moves: ship, deliver, cancel, return and refund on %s', (backend) => {
  let app: TestApp;
  let clock = new Date('2026-11-29T10:00:00.000Z');
  beforeAll(async () => {
    app = await createTestApp(backend, { now: () => clock });
  });
  afterAll(() => app?.close());

  const place = (stock: number, quantity: number, email: string) => placedOrder(app, stock, quantity, email);
  const stockOf = async (variantId: number) => (await liveStock(app.db, [variantId])).get(variantId);
  const lookUp = (number: string, email: string) =>
    app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(email)}` });
  const cancel = (number: string, email: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/orders/${encodeURIComponent(number)}/cancel`,
      payload: { email },
      headers,
    });

  it('a shopper cancels their Processing order with its number and address: its units come back in the same transaction, once', async () => {
    const { number, variantId } = await place(20, 3, 'ankylo@example.com');
    const before = await stockOf(variantId);
    // A wrong address answers as an unknown number does, and cancels nothing.
    const wrong = await cancel(number, 'rex@example.com');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: 'Order Not Found' });
    const key = { 'idempotency-key': `cancel-${backend}` };
    const first = await cancel(number, ' Ankylo@Example.com ', key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      number,
      status: 'Cancelled',
      history: [{ type: 'OrderPlaced' }, { type: 'OrderCancelled' }],
    });
    expect(await stockOf(variantId)).toBe(before! + 3);
    // The same request again, and a fresh one: recorded once, the stock moved once.
    expect((await cancel(number, ' Ankylo@Example.com ', key)).json()).toEqual(first.json());
    expect((await cancel(number, 'ankylo@example.com')).statusCode).toBe(200);
    expect(await stockOf(variantId)).toBe(before! + 3);
    const found = (await lookUp(number, 'ankylo@example.com')).json();
    expect(found.history.map((h: { type: string }) => h.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
    // A cancelled order cannot ship.
    await expect(
      app.shop.orders.ship(number, { carrier: 'Pterodactyl Express', trackingNumber: 'PTX-1', eta: null }),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'This order was cancelled, so it cannot be shipped' });
  });

  it('ships with a carrier, tracking number and ETA; a shipped order cannot be cancelled (409 saying why); delivered; the API answers it all', async () => {
    const { number } = await place(20, 1, 'stego@example.com');
    await app.shop.orders.ship(number, {
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-7741',
      eta: '2026-12-03',
    });
    // The same shipment again (a retried call) records nothing.
    await app.shop.orders.ship(number, {
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-7741',
      eta: '2026-12-03',
    });
    const refused = await cancel(number, 'stego@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'Conflict',
      message: 'This order has already shipped, so it can no longer be cancelled',
    });
    const shipped = (await lookUp(number, 'stego@example.com')).json();
    expect(shipped).toMatchObject({
      status: 'Shipped',
      shipping: {
        method: 'Standard Shipping (3-5 business days)',
        carrier: 'Pterodactyl Express',
        trackingNumber: 'PTX-7741',
        eta: '2026-12-03',
      },
      refunded: '0.00',
    });
    expect(shipped.history.map((h: { type: string }) => h.type)).toEqual(['OrderPlaced', 'OrderShipped']);
    await app.shop.orders.deliver(number);
    expect((await lookUp(number, 'stego@example.com')).json()).toMatchObject({
      status: 'Delivered',
      history: [{}, {}, { type: 'OrderDelivered', at: clock.toISOString() }],
    });
  });

  it('takes returns of delivered lines within 30 days, never more than was bought, restocking only when asked; refunds never above what is left', async () => {
    const { number, variantId } = await place(20, 2, 'raptor@example.com');
    await expect(
      app.shop.orders.receiveReturn(number, { lines: [{ variantId, quantity: 1 }], restock: true }),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'Only a delivered order can be returned' });
    await app.shop.orders.ship(number, { carrier: 'Stegosaurus Post', trackingNumber: 'SP-1', eta: null });
    await app.shop.orders.deliver(number);
    const before = await stockOf(variantId);
    await app.shop.orders.receiveReturn(number, { lines: [{ variantId, quantity: 1 }], restock: false });
    expect(await stockOf(variantId)).toBe(before);
    await app.shop.orders.receiveReturn(number, { lines: [{ variantId, quantity: 1 }], restock: true });
    expect(await stockOf(variantId)).toBe(before! + 1);
    await expect(
      app.shop.orders.receiveReturn(number, { lines: [{ variantId, quantity: 1 }], restock: true }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      app.shop.orders.receiveReturn(number, {
        lines: [{ variantId: variantId + 100_000, quantity: 1 }],
        restock: true,
      }),
    ).rejects.toMatchObject({ kind: 'rule-violated' });

    const order = (await lookUp(number, 'raptor@example.com')).json();
    const paid = Math.round(Number(order.total) * 100);
    await app.shop.orders.refund(number, 500, 'one returned');
    await expect(app.shop.orders.refund(number, paid, 'too much')).rejects.toMatchObject({ kind: 'conflict' });
    const rest = await app.shop.orders.refund(number, null, 'the rest');
    expect(rest.refundedCents).toBe(paid);
    await expect(app.shop.orders.refund(number, null, 'again')).rejects.toMatchObject({
      message: 'This order has been refunded in full already',
    });
    expect((await lookUp(number, 'raptor@example.com')).json()).toMatchObject({
      status: 'Delivered',
      refunded: order.total,
    });
  });

  it('the history says what the shopper is told of each move: who cancelled, what came back and what was refunded, and why', async () => {
    // Given one order the shopper cancels and one the shop cancels
    const mine = await place(20, 1, 'pachy@example.com');
    expect((await cancel(mine.number, 'pachy@example.com')).statusCode).toBe(200);
    const theirs = await place(20, 1, 'bronto@example.com');
    await app.shop.orders.cancel(theirs.number, ' Out of stock at the warehouse ');
    // And one delivered, of which a unit came back and money was given back
    const kept = await place(20, 2, 'ptero@example.com');
    await app.shop.orders.ship(kept.number, { carrier: 'Stegosaurus Post', trackingNumber: 'SP-4', eta: null });
    await app.shop.orders.deliver(kept.number);
    await app.shop.orders.receiveReturn(kept.number, {
      lines: [{ variantId: kept.variantId, quantity: 1 }],
      restock: true,
      reason: 'too snug',
    });
    await app.shop.orders.refund(kept.number, 100, 'damaged in transit');

    // When each is looked up, then its history carries who, what and why
    const history = async (number: string, email: string) => (await lookUp(number, email)).json().history.slice(1);
    const at = clock.toISOString();
    expect(await history(mine.number, 'pachy@example.com')).toEqual([
      { type: 'OrderCancelled', at, by: 'shopper', reason: 'Cancelled by the shopper on Track Order' },
    ]);
    expect(await history(theirs.number, 'bronto@example.com')).toEqual([
      { type: 'OrderCancelled', at, by: 'shop', reason: 'Out of stock at the warehouse' },
    ]);
    expect(await history(kept.number, 'ptero@example.com')).toEqual([
      { type: 'OrderShipped', at },
      { type: 'OrderDelivered', at },
      { type: 'ReturnReceived', at, units: 1, lines: [{ variantId: kept.variantId, quantity: 1 }], reason: 'too snug' },
      { type: 'RefundIssued', at, amount: '1.00', reason: 'damaged in transit' },
    ]);
    // And the shop cannot cancel or refund without saying why
    await expect(app.shop.orders.cancel((await place(20, 1, 'iguano@example.com')).number, ' ')).rejects.toMatchObject({
      kind: 'rule-violated',
    });
    await expect(app.shop.orders.refund(kept.number, 100, '')).rejects.toMatchObject({
      kind: 'rule-violated',
      message: 'Say why the shop refunds this order: the shopper reads the reason',
    });
  });

  it('refuses a return after 30 days from delivery', async () => {
    const { number, variantId } = await place(20, 1, 'trike@example.com');
    await app.shop.orders.ship(number, { carrier: 'Stegosaurus Post', trackingNumber: 'SP-2', eta: null });
    await app.shop.orders.deliver(number);
    const delivered = clock;
    clock = new Date(delivered.getTime() + 31 * 24 * 60 * 60 * 1000);
    try {
      await expect(
        app.shop.orders.receiveReturn(number, { lines: [{ variantId, quantity: 1 }], restock: true }),
      ).rejects.toMatchObject({ message: 'Returns are taken within 30 days of delivery' });
    } finally {
      clock = delivered;
    }
  });

  it('the metrics count orders by status, from the read model', async () => {
    await place(20, 1, 'compy@example.com');
    await app.shop.orders.ship((await place(20, 1, 'dilo@example.com')).number, {
      carrier: 'Stegosaurus Post',
      trackingNumber: 'SP-3',
      eta: null,
    });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (status: string) =>
      Number(new RegExp(`^dino_orders\\{status="${status}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    const { rows } = await app.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from orders group by status',
    );
    const expected = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    for (const status of ['Processing', 'Shipped', 'Delivered', 'Cancelled']) {
      expect(expected[status], status).toBeGreaterThan(0);
      expect(count(status), status).toBe(expected[status]);
    }
  });

  it('an unknown number is Order Not Found for the operator too, and nothing is recorded', async () => {
    const before = (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
    await expect(app.shop.orders.deliver('#DINO-000000')).rejects.toMatchObject({
      kind: 'not-found',
      message: 'Order Not Found',
    });
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n).toBe(before);
    expect(await readStream(app.db, 'order-00000000-0000-0000-0000-000000000000')).toEqual([]);
  });
});
