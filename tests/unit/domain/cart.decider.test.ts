import { describe, expect, it } from 'vitest';
import {
  type CartCommand,
  type CartState,
  decide,
  evolve,
  foldCart,
  initialState,
} from '../../../domain/cart/cart.decider.ts';
import { maxLineQuantity } from '../../../contracts/cart-rules.ts';
import type { CartEvent } from '../../../domain/cart/cart.events.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { httpStatusOf } from '../../../http/plugins/error-handler.ts';

const at = '2026-11-21T12:00:00.000Z';
const variant = { id: 100, productId: 1, stock: 10 };
const added = (lineId: string, variantId = 100, quantity = 1, productId = 1): CartEvent => ({
  type: 'ItemAdded',
  data: { schemaVersion: 1, lineId, productId, variantId, quantity, at },
});
const add = (overrides: Partial<Extract<CartCommand, { type: 'AddItem' }>> = {}): CartCommand => ({
  type: 'AddItem',
  productId: 1,
  variantId: 100,
  quantity: 1,
  variant,
  productExists: true,
  newLineId: 'line-new',
  at,
  ...overrides,
});

/** given events, when command, then events (or a DomainError answered with this status, and its message). */
function given(events: CartEvent[]) {
  const state: CartState = foldCart(events);
  return {
    when: (command: CartCommand) => ({
      then: (expected: CartEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (status: number, message: string | RegExp) => {
        let caught: unknown;
        try {
          decide(command, state);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(DomainError);
        expect(httpStatusOf(caught as DomainError).status).toBe(status);
        expect((caught as DomainError).message).toMatch(message);
      },
    }),
  };
}

describe('cart decider: AddItem', () => {
  it('adds a new line to an empty cart', () => {
    given([])
      .when(add({ quantity: 2 }))
      .then([added('line-new', 100, 2)]);
  });

  it('raises the existing line when the same variant is added again (one line per variant)', () => {
    given([added('line-1', 100, 2)])
      .when(add({ quantity: 3 }))
      .then([{ type: 'QuantityChanged', data: { schemaVersion: 1, lineId: 'line-1', quantity: 5, at } }]);
  });

  it('adds a second line for another variant of the same product', () => {
    given([added('line-1', 100)])
      .when(add({ variantId: 101, variant: { id: 101, productId: 1, stock: 5 } }))
      .then([added('line-new', 101)]);
  });

  it('refuses an unknown product', () => {
    given([])
      .when(add({ productExists: false, productId: 999 }))
      .thenFails(404, 'Product 999 does not exist');
  });

  it('refuses an unknown variant', () => {
    given([])
      .when(add({ variant: undefined, variantId: 555 }))
      .thenFails(404, 'Variant 555 does not exist');
  });

  it('refuses a variant of another product', () => {
    given([])
      .when(add({ productId: 2 }))
      .thenFails(422, 'Variant 100 does not belong to product 2');
  });

  it('refuses more than the stock', () => {
    given([])
      .when(add({ quantity: 11 }))
      .thenFails(422, 'Only 10 left in stock');
  });

  it('refuses raising a line above the stock', () => {
    given([added('line-1', 100, 8)])
      .when(add({ quantity: 3 }))
      .thenFails(422, 'Only 10 left in stock, and 8 are already in your cart');
    given([added('line-1', 100, 1)])
      .when(add({ quantity: 10 }))
      .thenFails(422, 'Only 10 left in stock, and 1 is already in your cart');
  });

  it('refuses an out-of-stock variant', () => {
    given([])
      .when(add({ variant: { id: 100, productId: 1, stock: 0 } }))
      .thenFails(422, /out of stock/);
  });

  it('caps a line at 99 even with more stock', () => {
    given([added('line-1', 100, 98)])
      .when(add({ quantity: 2, variant: { id: 100, productId: 1, stock: 500 } }))
      .thenFails(422, 'at most 99');
  });

  it('refuses zero, negative and fractional quantities', () => {
    for (const quantity of [0, -1, 1.5]) given([]).when(add({ quantity })).thenFails(422, 'whole number of at least 1');
  });
});

describe('cart decider: ChangeQuantity', () => {
  const change = (quantity: number, lineId = 'line-1'): CartCommand => ({
    type: 'ChangeQuantity',
    lineId,
    quantity,
    variant,
    at,
  });

  it('changes the quantity of a line', () => {
    given([added('line-1')])
      .when(change(4))
      .then([{ type: 'QuantityChanged', data: { schemaVersion: 1, lineId: 'line-1', quantity: 4, at } }]);
  });

  it('removes the line when the quantity is 0 or less', () => {
    for (const quantity of [0, -3])
      given([added('line-1')])
        .when(change(quantity))
        .then([
          { type: 'ItemRemoved', data: { schemaVersion: 1, lineId: 'line-1', productId: 1, variantId: 100, at } },
        ]);
  });

  it('records nothing when the quantity is unchanged', () => {
    given([added('line-1', 100, 2)])
      .when(change(2))
      .then([]);
  });

  it('refuses a quantity above the stock', () => {
    given([added('line-1')])
      .when(change(11))
      .thenFails(422, 'Only 10 left in stock');
  });

  it('answers 404 for a line that is not in this cart', () => {
    given([added('line-1')])
      .when(change(2, 'someone-elses-line'))
      .thenFails(404, 'not in your cart');
  });
});

describe('cart decider: RemoveItem and ClearCart', () => {
  it('removes a line, naming what it held', () => {
    given([added('line-1')])
      .when({ type: 'RemoveItem', lineId: 'line-1', at })
      .then([{ type: 'ItemRemoved', data: { schemaVersion: 1, lineId: 'line-1', productId: 1, variantId: 100, at } }]);
  });

  it('answers 404 when removing a line that is not there (e.g. removed twice)', () => {
    given([added('line-1'), { type: 'ItemRemoved', data: { schemaVersion: 1, lineId: 'line-1', at } }])
      .when({ type: 'RemoveItem', lineId: 'line-1', at })
      .thenFails(404, 'not in your cart');
  });

  it('clears a cart with lines', () => {
    given([added('line-1'), added('line-2', 101)])
      .when({ type: 'ClearCart', at })
      .then([{ type: 'CartCleared', data: { schemaVersion: 1, at } }]);
  });

  it('records nothing when clearing an empty cart', () => {
    given([]).when({ type: 'ClearCart', at }).then([]);
  });
});

describe('cart evolve', () => {
  it('folds a history into lines in the order they were added', () => {
    const state = foldCart([
      added('a', 100, 1),
      added('b', 101, 2),
      { type: 'QuantityChanged', data: { schemaVersion: 1, lineId: 'a', quantity: 7, at } },
      added('c', 102, 1),
      { type: 'ItemRemoved', data: { schemaVersion: 1, lineId: 'b', at } },
    ]);
    expect(state.lines.map((l) => [l.lineId, l.quantity])).toEqual([
      ['a', 7],
      ['c', 1],
    ]);
  });

  it('empties the cart on CartCleared', () => {
    expect(evolve(foldCart([added('a')]), { type: 'CartCleared', data: { schemaVersion: 1, at } })).toEqual(
      initialState(),
    );
  });

  it('limits a line to min(99, stock)', () => {
    expect([maxLineQuantity(3), maxLineQuantity(99), maxLineQuantity(500), maxLineQuantity(0)]).toEqual([3, 99, 99, 0]);
  });
});

describe('cart decider: one event at most', () => {
  // The storefront reads an answer more than one version past the cart it last saw as a change made
  // elsewhere (features/cart/cart.queries.ts): that holds only while no command records two events.
  it('every command, on empty and full carts, records at most one event', () => {
    const histories: CartEvent[][] = [[], [added('line-1')], [added('line-1'), added('line-2', 101, 3)]];
    const commands: CartCommand[] = [
      add(),
      add({ variantId: 101, variant: { id: 101, productId: 1, stock: 10 } }),
      { type: 'ChangeQuantity', lineId: 'line-1', quantity: 4, variant, at },
      { type: 'ChangeQuantity', lineId: 'line-1', quantity: 0, variant, at },
      { type: 'RemoveItem', lineId: 'line-1', at },
      { type: 'ClearCart', at },
    ];
    let decided = 0;
    for (const history of histories) {
      for (const command of commands) {
        let events: CartEvent[];
        try {
          events = decide(command, foldCart(history));
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          continue;
        }
        decided++;
        expect(events.length, `${command.type} after ${history.length} events`).toBeLessThanOrEqual(1);
      }
    }
    expect(decided).toBeGreaterThan(10);
  });
});
