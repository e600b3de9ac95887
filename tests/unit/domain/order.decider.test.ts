import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../../http/plugins/error-handler.ts';
import { decide as decideCart, foldCart } from '../../../domain/cart/cart.decider.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import type { LineToOrder, OrderCommand, PlaceOrder } from '../../../domain/orders/order.commands.ts';
import { type OrderState, decide, evolve, initialState, orderTotals } from '../../../domain/orders/order.decider.ts';
import { STANDARD_SHIPPING, readOrderEvent } from '../../../domain/orders/order.events.ts';

const at = '2026-11-28T12:00:00.000Z';
const line = (overrides: Partial<LineToOrder> = {}): LineToOrder => ({
  productId: 1,
  variantId: 100,
  name: 'T-Rex Tiny Arms Thong',
  size: 'M',
  color: 'Green',
  quantity: 2,
  unitPriceCents: 2499,
  stock: 5,
  ...overrides,
});
const place = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: '7a1c3f52-51a4-4f55-9d3e-0c6f9e3f1a10',
  number: '#DINO-123456',
  cartId: 'c0ffee00-0000-4000-8000-000000000001',
  lines: [line()],
  promoCode: null,
  shippingMethod: STANDARD_SHIPPING,
  customerId: 'customer-hash',
  personal: 'a1.iv.tag.body',
  at,
  ...overrides,
});

function refusal(command: PlaceOrder, state = initialState()): { status: number; message: string } {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return { status: httpStatusOf(error).status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the order decider', () => {
  it('records what the shopper agreed to: lines at their unit prices, subtotal, shipping and total in cents', () => {
    const events = decide(
      place({
        lines: [
          line(),
          line({ variantId: 201, productId: 2, name: 'Stego Plate-Mate Briefs', quantity: 1, unitPriceCents: 2199 }),
        ],
      }),
      initialState(),
    );
    expect(events).toEqual([
      {
        type: 'OrderPlaced',
        data: {
          schemaVersion: 1,
          orderId: '7a1c3f52-51a4-4f55-9d3e-0c6f9e3f1a10',
          number: '#DINO-123456',
          cartId: 'c0ffee00-0000-4000-8000-000000000001',
          lines: [
            {
              productId: 1,
              variantId: 100,
              name: 'T-Rex Tiny Arms Thong',
              size: 'M',
              color: 'Green',
              quantity: 2,
              unitPriceCents: 2499,
            },
            {
              productId: 2,
              variantId: 201,
              name: 'Stego Plate-Mate Briefs',
              size: 'M',
              color: 'Green',
              quantity: 1,
              unitPriceCents: 2199,
            },
          ],
          subtotalCents: 7197,
          shippingCents: 0,
          discountCents: 0,
          promoCode: null,
          totalCents: 7197,
          shippingMethod: STANDARD_SHIPPING,
          customerId: 'customer-hash',
          personal: 'a1.iv.tag.body',
          at,
        },
      },
    ]);
    // What it records, the log reads back.
    expect(readOrderEvent({ position: 1, streamId: 'order-x', version: 1, ...events[0]! })).toEqual(events[0]);
  });

  it('charges 5.99 shipping below 50.00, none from 50.00 or with the promo code', () => {
    expect(orderTotals([{ quantity: 1, unitPriceCents: 2499 }], false)).toEqual({
      subtotalCents: 2499,
      shippingCents: 599,
      discountCents: 0,
      totalCents: 3098,
    });
    expect(orderTotals([{ quantity: 2, unitPriceCents: 2500 }], false)).toEqual({
      subtotalCents: 5000,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 5000,
    });
    expect(orderTotals([{ quantity: 1, unitPriceCents: 2499 }], true)).toEqual({
      subtotalCents: 2499,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 2499,
    });
    const [placed] = decide(place({ promoCode: 'DINOBOOTY', lines: [line({ quantity: 1 })] }), initialState());
    expect(placed!.data).toMatchObject({
      promoCode: 'DINOBOOTY',
      subtotalCents: 2499,
      shippingCents: 0,
      totalCents: 2499,
    });
  });

  it('refuses an empty cart (422)', () => {
    expect(refusal(place({ lines: [] }))).toEqual({ status: 422, message: 'Your cart is empty' });
  });

  it('refuses a line that asks for more than is left (409), naming the product, size, colour and how many are left', () => {
    expect(refusal(place({ lines: [line({ quantity: 3, stock: 2 })] }))).toEqual({
      status: 409,
      message: 'Sorry, only 2 of T-Rex Tiny Arms Thong (M, Green) are left',
    });
    expect(refusal(place({ lines: [line(), line({ variantId: 101, color: 'Pink', quantity: 2, stock: 1 })] }))).toEqual(
      {
        status: 409,
        message: 'Sorry, only 1 of T-Rex Tiny Arms Thong (M, Pink) is left',
      },
    );
    expect(refusal(place({ lines: [line({ quantity: 1, stock: 0 })] }))).toEqual({
      status: 409,
      message: 'Sorry, T-Rex Tiny Arms Thong (M, Green) is sold out: 0 left',
    });
  });

  it('takes the very last units', () => {
    expect(decide(place({ lines: [line({ quantity: 3, stock: 3 })] }), initialState())).toHaveLength(1);
  });

  it('never places the same order twice', () => {
    const placed = evolve(initialState(), decide(place(), initialState())[0]!);
    expect(refusal(place(), placed)).toEqual({ status: 422, message: 'This order was already placed' });
  });
});

describe('a cart checked out', () => {
  const added = {
    type: 'ItemAdded' as const,
    data: { schemaVersion: 1 as const, lineId: 'l1', productId: 1, variantId: 100, quantity: 1, at },
  };

  it('records CartCheckedOut naming the order, and empties as a clear does', () => {
    const events = decideCart({ type: 'CheckOut', orderId: 'o-1', at }, foldCart([added]));
    expect(events).toEqual([{ type: 'CartCheckedOut', data: { schemaVersion: 1, orderId: 'o-1', at } }]);
    expect(foldCart([added, ...events])).toEqual({ lines: [] });
  });

  it('refuses to check out an empty cart', () => {
    expect(() => decideCart({ type: 'CheckOut', orderId: 'o-1', at }, foldCart([]))).toThrow('Your cart is empty');
  });
});

describe('an order after it is placed', () => {
  const placedState = () => [placeOrderEvent()].reduce(evolve, initialState());
  const placeOrderEvent = () =>
    decide(
      place({
        lines: [line({ variantId: 100, quantity: 2 }), line({ variantId: 200, quantity: 1, unitPriceCents: 1000 })],
      }),
      initialState(),
    )[0]!;
  const ship = {
    type: 'ShipOrder',
    carrier: 'Pterodactyl Express',
    trackingNumber: 'PTX-1',
    eta: '2026-12-03',
    at,
  } as const;
  const fold = (...commands: OrderCommand[]) =>
    commands.reduce((state, command) => decide(command, state).reduce(evolve, state), placedState());
  const refused = (command: OrderCommand, state: OrderState) => {
    try {
      decide(command, state);
    } catch (error) {
      if (error instanceof DomainError) return { status: httpStatusOf(error).status, message: error.message };
      throw error;
    }
    throw new Error('not refused');
  };
  const days = (n: number) => new Date(Date.parse(at) + n * 24 * 60 * 60 * 1000).toISOString();

  it('moves Processing → Shipped → Delivered, with the shipment kept; the same shipment again records nothing', () => {
    const shipped = fold(ship);
    expect(shipped).toMatchObject({
      status: 'Shipped',
      shipping: { carrier: 'Pterodactyl Express', trackingNumber: 'PTX-1', eta: '2026-12-03' },
    });
    expect(decide(ship, shipped)).toEqual([]);
    expect(fold(ship, { type: 'DeliverOrder', at })).toMatchObject({ status: 'Delivered', deliveredAt: at });
    expect(decide({ type: 'DeliverOrder', at }, fold(ship, { type: 'DeliverOrder', at }))).toEqual([]);
  });

  it('a cancellation gives every line back (lines of one variant together); a shipped order cannot be cancelled, a cancelled one cannot ship', () => {
    const [cancelled] = decide({ type: 'CancelOrder', reason: 'changed my mind', by: 'shopper', at }, placedState());
    expect(cancelled).toEqual({
      type: 'OrderCancelled',
      data: {
        schemaVersion: 1,
        orderId: place().orderId,
        reason: 'changed my mind',
        by: 'shopper',
        lines: [
          { variantId: 100, quantity: 2 },
          { variantId: 200, quantity: 1 },
        ],
        at,
      },
    });
    expect(refused({ type: 'CancelOrder', reason: '', by: 'shop', at }, fold(ship))).toEqual({
      status: 409,
      message: 'This order has already shipped, so it can no longer be cancelled',
    });
    expect(refused(ship, fold({ type: 'CancelOrder', reason: 'Out of stock', by: 'shop', at }))).toEqual({
      status: 409,
      message: 'This order was cancelled, so it cannot be shipped',
    });
    expect(refused({ type: 'DeliverOrder', at }, placedState())).toEqual({
      status: 409,
      message: 'This order has not shipped yet, so it cannot be delivered',
    });
  });

  it('the shop says why it cancels or refunds (trimmed); a shopper cancelling their own order need not', () => {
    const because = 'Say why the shop cancels this order: the shopper reads the reason';
    expect(refused({ type: 'CancelOrder', reason: '  ', by: 'shop', at }, placedState())).toEqual({
      status: 422,
      message: because,
    });
    expect(decide({ type: 'CancelOrder', reason: ' Out of stock ', by: 'shop', at }, placedState())[0]).toMatchObject({
      data: { reason: 'Out of stock', by: 'shop' },
    });
    expect(decide({ type: 'CancelOrder', reason: '', by: 'shopper', at }, placedState())[0]).toMatchObject({
      data: { reason: '', by: 'shopper' },
    });
    expect(refused({ type: 'IssueRefund', amountCents: 100, reason: '', at }, placedState())).toEqual({
      status: 422,
      message: 'Say why the shop refunds this order: the shopper reads the reason',
    });
  });

  it('a return keeps the reason the shop gave, and none when it gave none', () => {
    const delivered = fold(ship, { type: 'DeliverOrder', at });
    const back = (reason?: string) =>
      ({
        type: 'ReceiveReturn',
        lines: [{ variantId: 100, quantity: 1 }],
        restock: false,
        ...(reason === undefined ? {} : { reason }),
        at,
      }) as const;
    expect(decide(back(' Too snug '), delivered)[0]!.data).toMatchObject({ reason: 'Too snug' });
    expect(decide(back(), delivered)[0]!.data).not.toHaveProperty('reason');
    expect(decide(back(' '), delivered)[0]!.data).not.toHaveProperty('reason');
  });

  it('returns: only delivered lines, within 30 days of delivery, never more than was bought', () => {
    const delivered = fold(ship, { type: 'DeliverOrder', at });
    const back = (quantity: number, variantId = 100, when = days(1)) =>
      ({ type: 'ReceiveReturn', lines: [{ variantId, quantity }], restock: true, at: when }) as const;
    expect(refused(back(1), fold(ship))).toEqual({ status: 409, message: 'Only a delivered order can be returned' });
    expect(decide(back(2, 100, days(30)), delivered)).toHaveLength(1);
    expect(refused(back(1, 100, days(31)), delivered)).toEqual({
      status: 409,
      message: 'Returns are taken within 30 days of delivery',
    });
    expect(refused(back(3), delivered)).toEqual({
      status: 409,
      message: 'Only 2 of variant 100 can still be returned (2 bought)',
    });
    expect(refused(back(1, 999), delivered)).toEqual({ status: 422, message: 'Variant 999 is not in this order' });
    const once = decide(back(1), delivered).reduce(evolve, delivered);
    expect(refused(back(2), once)).toEqual({
      status: 409,
      message: 'Only 1 of variant 100 can still be returned (2 bought)',
    });
  });

  it('refunds never exceed what was paid minus what was refunded; without an amount, what is left', () => {
    const paid = placedState().paidCents;
    const refund = (amountCents: number | null) => ({ type: 'IssueRefund', amountCents, reason: 'sorry', at }) as const;
    expect(refused(refund(paid + 1), placedState())).toEqual({
      status: 409,
      message: `A refund cannot be more than what is left to refund: $${(paid / 100).toFixed(2)}`,
    });
    const some = fold(refund(500));
    expect(decide(refund(null), some)).toEqual([
      {
        type: 'RefundIssued',
        data: { schemaVersion: 1, orderId: place().orderId, amountCents: paid - 500, reason: 'sorry', at },
      },
    ]);
    expect(refused(refund(null), fold(refund(500), refund(null)))).toEqual({
      status: 409,
      message: 'This order has been refunded in full already',
    });
    expect(refused(refund(0), placedState())).toEqual({ status: 422, message: 'A refund must be more than $0.00' });
  });

  it('no move of an order never placed: Order Not Found', () => {
    expect(refused(ship, initialState())).toEqual({ status: 404, message: 'Order Not Found' });
  });

  it('every event it decides reads back through the event reader', () => {
    const events = [placeOrderEvent(), ...decide(ship, placedState())];
    expect(events.map((e, i) => readOrderEvent({ ...e, position: i + 1, version: i + 1 } as never))).toEqual(events);
  });
});
