import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../../http/plugins/error-handler.ts';
import { decide as decideCart, foldCart } from '../../../domain/cart/cart.decider.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { type LineToOrder, type PlaceOrder, decide, evolve, initialState, orderTotals } from '../../../domain/orders/order.decider.ts';
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
    const events = decide(place({ lines: [line(), line({ variantId: 201, productId: 2, name: 'Stego Plate-Mate Briefs', quantity: 1, unitPriceCents: 2199 })] }), initialState());
    expect(events).toEqual([
      {
        type: 'OrderPlaced',
        data: {
          schemaVersion: 1,
          orderId: '7a1c3f52-51a4-4f55-9d3e-0c6f9e3f1a10',
          number: '#DINO-123456',
          cartId: 'c0ffee00-0000-4000-8000-000000000001',
          lines: [
            { productId: 1, variantId: 100, name: 'T-Rex Tiny Arms Thong', size: 'M', color: 'Green', quantity: 2, unitPriceCents: 2499 },
            { productId: 2, variantId: 201, name: 'Stego Plate-Mate Briefs', size: 'M', color: 'Green', quantity: 1, unitPriceCents: 2199 },
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
    expect(orderTotals([{ quantity: 1, unitPriceCents: 2499 }], false)).toEqual({ subtotalCents: 2499, shippingCents: 599, discountCents: 0, totalCents: 3098 });
    expect(orderTotals([{ quantity: 2, unitPriceCents: 2500 }], false)).toEqual({ subtotalCents: 5000, shippingCents: 0, discountCents: 0, totalCents: 5000 });
    expect(orderTotals([{ quantity: 1, unitPriceCents: 2499 }], true)).toEqual({ subtotalCents: 2499, shippingCents: 0, discountCents: 0, totalCents: 2499 });
    const [placed] = decide(place({ promoCode: 'DINOBOOTY', lines: [line({ quantity: 1 })] }), initialState());
    expect(placed!.data).toMatchObject({ promoCode: 'DINOBOOTY', subtotalCents: 2499, shippingCents: 0, totalCents: 2499 });
  });

  it('refuses an empty cart (422)', () => {
    expect(refusal(place({ lines: [] }))).toEqual({ status: 422, message: 'Your cart is empty' });
  });

  it('refuses a line that asks for more than is left (409), naming the product, size, colour and how many are left', () => {
    expect(refusal(place({ lines: [line({ quantity: 3, stock: 2 })] }))).toEqual({ status: 409, message: 'Sorry, only 2 of T-Rex Tiny Arms Thong (M, Green) are left' });
    expect(refusal(place({ lines: [line(), line({ variantId: 101, color: 'Pink', quantity: 2, stock: 1 })] }))).toEqual({
      status: 409,
      message: 'Sorry, only 1 of T-Rex Tiny Arms Thong (M, Pink) is left',
    });
    expect(refusal(place({ lines: [line({ quantity: 1, stock: 0 })] }))).toEqual({ status: 409, message: 'Sorry, T-Rex Tiny Arms Thong (M, Green) is sold out: 0 left' });
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
  const added = { type: 'ItemAdded' as const, data: { schemaVersion: 1 as const, lineId: 'l1', productId: 1, variantId: 100, quantity: 1, at } };

  it('records CartCheckedOut naming the order, and empties as a clear does', () => {
    const events = decideCart({ type: 'CheckOut', orderId: 'o-1', at }, foldCart([added]));
    expect(events).toEqual([{ type: 'CartCheckedOut', data: { schemaVersion: 1, orderId: 'o-1', at } }]);
    expect(foldCart([added, ...events])).toEqual({ lines: [] });
  });

  it('refuses to check out an empty cart', () => {
    expect(() => decideCart({ type: 'CheckOut', orderId: 'o-1', at }, foldCart([]))).toThrow('Your cart is empty');
  });
});
