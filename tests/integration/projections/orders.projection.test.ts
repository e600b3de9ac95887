import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OrderLine,
  type OrderPlaced,
  STANDARD_SHIPPING,
  orderStreamId,
} from '../../../domain/orders/order.events.ts';
import { ORDER_NUMBER_INDEX, ordersProjection } from '../../../projections/orders/orders.projection.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits } from '../../support/projection-spec.ts';

const order = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const cart = (n: number) => `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`;
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const line = (variantId: number, quantity: number, unitPriceCents: number): OrderLine => ({
  productId: Math.floor(variantId / 100),
  variantId,
  name: `Dino ${Math.floor(variantId / 100)}`,
  size: 'M',
  color: 'Jurassic Jade',
  quantity,
  unitPriceCents,
});

/** Order `n`'s OrderPlaced, the first event of its stream, at log position `position`. */
const placed = (n: number, position: number, data: Partial<OrderPlaced['data']> = {}) => {
  const lines = data.lines ?? [line(101, 2, 1999), line(205, 1, 2499)];
  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const full: OrderPlaced['data'] = {
    schemaVersion: 1,
    orderId: order(n),
    number: `#DINO-${String(100000 + n)}`,
    cartId: cart(n),
    lines,
    subtotalCents,
    shippingCents: 599,
    discountCents: 0,
    promoCode: null,
    totalCents: subtotalCents + 599,
    shippingMethod: STANDARD_SHIPPING,
    customerId: `customer-${n}`,
    personal: `a1.sealed-personal-${n}`,
    at: at(n),
    ...data,
  };
  return { streamId: orderStreamId(full.orderId), version: 1, position, type: 'OrderPlaced', data: full };
};

/** The row an OrderPlaced makes: every column, as the event gave it. */
const row = (event: ReturnType<typeof placed>) => {
  const d = event.data;
  return {
    order_id: d.orderId,
    number: d.number,
    customer_id: d.customerId,
    placed_at: d.at.replace('.000Z', '+00:00'),
    lines: d.lines,
    subtotal_cents: d.subtotalCents,
    shipping_cents: d.shippingCents,
    discount_cents: d.discountCents,
    total_cents: d.totalCents,
    promo_code: d.promoCode,
    shipping_method: d.shippingMethod,
    personal: d.personal,
    status: 'Processing',
    position: event.position,
  };
};

describe.each(BACKENDS)('orders projection on %s', (backend) => {
  let t: TestDatabase;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await t.db.query("set timezone to 'UTC'");
    spec = projectionSpec(t.db, ordersProjection, {
      orders: `select order_id, number, customer_id, to_json(placed_at) #>> '{}' as placed_at, lines, subtotal_cents, shipping_cents,
                      discount_cents, total_cents, promo_code, shipping_method, personal, status, position::int
               from orders order by number`,
    });
  });
  afterAll(() => t?.drop());

  it('an OrderPlaced makes one row: number, customer, totals and lines as placed, status Processing — however the events are grouped', async () => {
    const plain = placed(1, 3);
    const promoted = placed(2, 7, {
      lines: [line(301, 1, 2999), line(301, 2, 2999), line(412, 3, 1500)],
      subtotalCents: 13497,
      discountCents: 1350,
      promoCode: 'DINO10',
      shippingCents: 0,
      totalCents: 12147,
    });
    expect(row(plain)).toMatchObject({
      number: '#DINO-100001',
      customer_id: 'customer-1',
      subtotal_cents: 6497,
      total_cents: 7096,
      promo_code: null,
    });
    for (const sets of splits([plain, promoted])) {
      expect(await spec.given(...sets)).toEqual({
        orders: [
          {
            order_id: '00000000-0000-4000-8000-000000000001',
            number: '#DINO-100001',
            customer_id: 'customer-1',
            placed_at: '2026-03-01T10:01:00+00:00',
            lines: [
              {
                productId: 1,
                variantId: 101,
                name: 'Dino 1',
                size: 'M',
                color: 'Jurassic Jade',
                quantity: 2,
                unitPriceCents: 1999,
              },
              {
                productId: 2,
                variantId: 205,
                name: 'Dino 2',
                size: 'M',
                color: 'Jurassic Jade',
                quantity: 1,
                unitPriceCents: 2499,
              },
            ],
            subtotal_cents: 6497,
            shipping_cents: 599,
            discount_cents: 0,
            total_cents: 7096,
            promo_code: null,
            shipping_method: STANDARD_SHIPPING,
            personal: 'a1.sealed-personal-1',
            status: 'Processing',
            position: 3,
          },
          {
            order_id: '00000000-0000-4000-8000-000000000002',
            number: '#DINO-100002',
            customer_id: 'customer-2',
            placed_at: '2026-03-01T10:02:00+00:00',
            // Lines stay as placed, in their order, even two of one variant.
            lines: [
              {
                productId: 3,
                variantId: 301,
                name: 'Dino 3',
                size: 'M',
                color: 'Jurassic Jade',
                quantity: 1,
                unitPriceCents: 2999,
              },
              {
                productId: 3,
                variantId: 301,
                name: 'Dino 3',
                size: 'M',
                color: 'Jurassic Jade',
                quantity: 2,
                unitPriceCents: 2999,
              },
              {
                productId: 4,
                variantId: 412,
                name: 'Dino 4',
                size: 'M',
                color: 'Jurassic Jade',
                quantity: 3,
                unitPriceCents: 1500,
              },
            ],
            subtotal_cents: 13497,
            shipping_cents: 0,
            discount_cents: 1350,
            total_cents: 12147,
            promo_code: 'DINO10',
            shipping_method: STANDARD_SHIPPING,
            personal: 'a1.sealed-personal-2',
            status: 'Processing',
            position: 7,
          },
        ],
      });
    }
  });

  it('many orders in one set each make their row, whatever their order in the set', async () => {
    const events = [placed(4, 12), placed(1, 2), placed(3, 9), placed(2, 5)];
    const expected = { orders: [placed(1, 2), placed(2, 5), placed(3, 9), placed(4, 12)].map(row) };
    expect(await spec.given(events)).toEqual(expected);
    expect(await spec.given(events.slice(0, 2), events.slice(2))).toEqual(expected);
  });

  it('an order placed again (a retry, a replay) is the same row: its copy, even altered, changes nothing', async () => {
    const first = placed(1, 3);
    const second = placed(2, 4);
    const expected = { orders: [row(first), row(second)] };
    expect(await spec.given([first, second])).toEqual(expected);
    for (const shortcuts of [true, false]) {
      await projectEvents(t.db, [ordersProjection], [first], { shortcuts });
      await projectEvents(t.db, [ordersProjection], [second, first], { shortcuts });
      // The same order at a later position with other totals: written once, never overwritten.
      await projectEvents(
        t.db,
        [ordersProjection],
        [{ ...first, position: 20, data: { ...first.data, totalCents: 1, customerId: 'someone-else' } }],
        { shortcuts },
      );
      expect(await spec.rows()).toEqual(expected);
    }
    const third = placed(3, 21);
    await projectEvents(t.db, [ordersProjection], [first, second, third]);
    expect(await spec.rows()).toEqual({ orders: [row(first), row(second), row(third)] });
  });

  it('a number another order holds fails the statement, and nothing of its set is written', async () => {
    const first = placed(1, 3);
    expect(await spec.given([first])).toEqual({ orders: [row(first)] });
    const clash = placed(2, 5, { number: first.data.number });
    const other = placed(3, 6);
    await expect(projectEvents(t.db, [ordersProjection], [other, clash])).rejects.toThrow(ORDER_NUMBER_INDEX);
    expect(await spec.rows()).toEqual({ orders: [row(first)] });
    // Two orders of one number in one set, into empty tables too.
    for (const options of [{}, { intoEmpty: true }]) {
      await spec.reset();
      await expect(projectEvents(t.db, [ordersProjection], [first, clash], options)).rejects.toThrow(
        ORDER_NUMBER_INDEX,
      );
      expect(await spec.rows()).toEqual({ orders: [] });
    }
  });

  it('ignores events of other types', async () => {
    const received = {
      streamId: 'stock-101',
      version: 1,
      position: 1,
      type: 'StockReceived',
      data: { schemaVersion: 1, variantId: 101, quantity: 5, at: at(1) },
    };
    const cleared = {
      streamId: `cart-${cart(1)}`,
      version: 1,
      position: 2,
      type: 'CartCleared',
      data: { schemaVersion: 1, at: at(2) },
    };
    expect(await spec.given([received, cleared])).toEqual({ orders: [] });
  });

  describe('an order that moves', () => {
    let moves: ReturnType<typeof projectionSpec>;
    beforeAll(() => {
      moves = projectionSpec(t.db, ordersProjection, {
        orders:
          'select order_id, status, shipping, refunded_cents, history, version, position::int from orders order by number',
      });
    });
    /** Order `n`'s move at stream version `version`, log position `position`. */
    const moved = (n: number, version: number, position: number, type: string, data: object = {}) => ({
      streamId: orderStreamId(order(n)),
      version,
      position,
      type,
      data: { schemaVersion: 1, orderId: order(n), at: at(10 + version), ...data },
    });
    const shipped = moved(1, 2, 4, 'OrderShipped', {
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-7741',
      eta: '2026-03-05',
    });
    const delivered = moved(1, 3, 6, 'OrderDelivered');
    const returned = moved(1, 4, 8, 'ReturnReceived', {
      lines: [
        { variantId: 101, quantity: 1 },
        { variantId: 102, quantity: 2 },
      ],
      restock: true,
      reason: 'too snug',
    });
    const refunded = moved(1, 5, 9, 'RefundIssued', { amountCents: 1999, reason: 'returned' });
    const refundedAgain = moved(1, 6, 11, 'RefundIssued', { amountCents: 500, reason: 'sorry' });
    const movedRow = {
      order_id: order(1),
      status: 'Delivered',
      shipping: { carrier: 'Pterodactyl Express', trackingNumber: 'PTX-7741', eta: '2026-03-05' },
      refunded_cents: 2499,
      history: [
        { type: 'OrderPlaced', at: at(1) },
        { type: 'OrderShipped', at: at(12) },
        { type: 'OrderDelivered', at: at(13) },
        // What the shopper is told of each: the units that came back (of which variants), the sum refunded and why.
        {
          type: 'ReturnReceived',
          at: at(14),
          units: 3,
          lines: [
            { variantId: 101, quantity: 1 },
            { variantId: 102, quantity: 2 },
          ],
          reason: 'too snug',
        },
        { type: 'RefundIssued', at: at(15), amountCents: 1999, reason: 'returned' },
        { type: 'RefundIssued', at: at(16), amountCents: 500, reason: 'sorry' },
      ],
      version: 6,
      position: 11,
    };

    it('shipped, delivered, returned and refunded twice: the row says so (status, shipment, sum refunded, history, version) — however the events are grouped', async () => {
      const events = [placed(1, 3), shipped, delivered, returned, refunded, refundedAgain];
      for (const sets of splits(events))
        expect(await moves.given(...sets), JSON.stringify(sets.map((set) => set.length))).toEqual({
          orders: [movedRow],
        });
    });

    it('a cancelled order is Cancelled; another order in the same set keeps its own row', async () => {
      const cancelled = moved(1, 2, 5, 'OrderCancelled', {
        reason: 'changed my mind',
        by: 'shopper',
        lines: [{ variantId: 101, quantity: 2 }],
      });
      const other = placed(2, 4);
      for (const sets of splits([placed(1, 3), other, cancelled])) {
        expect(await moves.given(...sets)).toEqual({
          orders: [
            {
              order_id: order(1),
              status: 'Cancelled',
              shipping: null,
              refunded_cents: 0,
              history: [
                { type: 'OrderPlaced', at: at(1) },
                { type: 'OrderCancelled', at: at(12), by: 'shopper', reason: 'changed my mind' },
              ],
              version: 2,
              position: 5,
            },
            {
              order_id: order(2),
              status: 'Processing',
              shipping: null,
              refunded_cents: 0,
              history: [{ type: 'OrderPlaced', at: at(2) }],
              version: 1,
              position: 4,
            },
          ],
        });
      }
    });

    it("moves applied again (a retry, a replay) are skipped by the row's version: refunds are not counted twice", async () => {
      const events = [placed(1, 3), shipped, delivered, returned, refunded, refundedAgain];
      expect(await moves.given(events.slice(0, 5))).toEqual({
        orders: [{ ...movedRow, refunded_cents: 1999, history: movedRow.history.slice(0, 5), version: 5, position: 9 }],
      });
      await projectEvents(t.db, [ordersProjection], [refunded, shipped]);
      await projectEvents(t.db, [ordersProjection], events);
      await projectEvents(t.db, [ordersProjection], [refundedAgain, refunded]);
      expect(await moves.rows()).toEqual({ orders: [movedRow] });
    });
  });
});
