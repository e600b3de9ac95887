import { describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../../../contracts/cart.ts';
import {
  EMPTY_CART,
  PENDING_LINE_PREFIX,
  addTarget,
  applyCartOp,
  applyCartOps,
  isCartOp,
  isConditional,
  isPendingLine,
  stepperMax,
  type CartOp,
} from '../../../storefront/features/cart/cart-ops.ts';

const thong: CartItem = {
  id: 'line-1',
  quantity: 2,
  product: { id: 1, name: 'T-Rex Tiny Arms Thong', slug: 't-rex-tiny-arms-thong', imageUrl: '/t.svg', price: '24.99' },
  variant: { id: 100, color: 'Lava Red', colorHex: '#d64545', size: 'XS', stock: 9 },
};
const briefs: CartItem = {
  id: 'line-2',
  quantity: 1,
  product: {
    id: 5,
    name: 'Raptor Rump Hugger Briefs',
    slug: 'raptor-rump-hugger-briefs',
    imageUrl: '/r.svg',
    price: '19.99',
  },
  variant: { id: 500, color: 'Lagoon Blue', colorHex: '#2b8fd6', size: 'M', stock: 3 },
};
const cart: Cart = { id: 'cart-1', items: [thong, briefs], total: '69.97', itemCount: 3 };

const add = (item: CartItem, quantity: number, target: number): CartOp => ({
  kind: 'add',
  product: item.product,
  variant: item.variant,
  quantity,
  target,
  source: 'card',
});

describe('optimistic cart ops', () => {
  it('adds a new variant as a pending line at the end, with totals recomputed', () => {
    const next = applyCartOp({ ...cart, items: [thong], total: '49.98', itemCount: 2 }, add(briefs, 1, 1));
    expect(next.items.map((i) => [i.id, i.quantity])).toEqual([
      ['line-1', 2],
      [`${PENDING_LINE_PREFIX}500`, 1],
    ]);
    expect(isPendingLine(next.items[1]!)).toBe(true);
    expect(next.total).toBe('69.97');
    expect(next.itemCount).toBe(3);
  });

  it('adding a variant already in the cart raises that line to the target (one line per variant)', () => {
    const next = applyCartOp(cart, add(thong, 1, 3));
    expect(next.items).toHaveLength(2);
    expect(next.items[0]).toMatchObject({ id: 'line-1', quantity: 3 });
    expect(next.itemCount).toBe(4);
  });

  it('is idempotent over a server cart that already applied the add (no double count)', () => {
    const server = applyCartOp(cart, add(thong, 1, 3));
    expect(
      applyCartOp({ ...server, items: server.items.map((i) => ({ ...i })) }, add(thong, 1, 3)).items[0]!.quantity,
    ).toBe(3);
  });

  it('sets a quantity, and a quantity of 0 or less removes the line', () => {
    expect(applyCartOp(cart, { kind: 'update', itemId: 'line-2', quantity: 3, basis: 0 }).items[1]!.quantity).toBe(3);
    expect(
      applyCartOp(cart, { kind: 'update', itemId: 'line-2', quantity: 0, basis: 0 }).items.map((i) => i.id),
    ).toEqual(['line-1']);
    expect(
      applyCartOp(cart, { kind: 'update', itemId: 'line-1', quantity: -4, basis: 0 }).items.map((i) => i.id),
    ).toEqual(['line-2']);
  });

  it('removes a line and clears the cart', () => {
    const removed = applyCartOp(cart, { kind: 'remove', itemId: 'line-1', line: thong });
    expect(removed).toMatchObject({ items: [briefs], total: '19.99', itemCount: 1 });
    expect(applyCartOp(cart, { kind: 'clear' })).toMatchObject({
      items: [],
      total: '0.00',
      itemCount: 0,
      id: 'cart-1',
    });
  });

  it("keeps showing the lines while the checkout's clear (the order being placed) is on its way", () => {
    expect(applyCartOp(cart, { kind: 'clear', basis: 0 })).toBe(cart);
  });

  it('sends only changes decided from the quantities on screen with a condition', () => {
    expect(isConditional({ kind: 'update', itemId: 'line-1', quantity: 2, basis: 0 })).toBe(true);
    expect(isConditional({ kind: 'clear', basis: 3 })).toBe(true);
    expect(isConditional({ kind: 'clear' })).toBe(false);
    expect(isConditional({ kind: 'remove', itemId: 'line-1' })).toBe(false);
  });

  it('ignores changes to lines that are gone', () => {
    expect(applyCartOp(cart, { kind: 'update', itemId: 'nope', quantity: 5, basis: 0 }).items).toEqual(cart.items);
    expect(applyCartOp(cart, { kind: 'remove', itemId: 'nope' }).items).toEqual(cart.items);
  });

  it('lays rapid stepper clicks over the server cart in order: the last click is what shows', () => {
    const ops: CartOp[] = [
      { kind: 'update', itemId: 'line-1', quantity: 3, basis: 0 },
      { kind: 'update', itemId: 'line-1', quantity: 4, basis: 0 },
      { kind: 'update', itemId: 'line-1', quantity: 5, basis: 0 },
    ];
    expect(applyCartOps(cart, ops).items[0]!.quantity).toBe(5);
    // The server has answered the first two: the view is unchanged.
    const answered = applyCartOps(cart, ops.slice(0, 2));
    expect(applyCartOps(answered, ops.slice(2))).toEqual(applyCartOps(cart, ops));
  });

  it('rolls back by dropping a failed op: what remains is the server cart plus the other pending ops', () => {
    const ok: CartOp = { kind: 'update', itemId: 'line-2', quantity: 2, basis: 0 };
    const failed: CartOp = { kind: 'remove', itemId: 'line-1', line: thong };
    expect(applyCartOps(cart, [ok, failed]).items.map((i) => i.id)).toEqual(['line-2']);
    expect(applyCartOps(cart, [ok]).items.map((i) => [i.id, i.quantity])).toEqual([
      ['line-1', 2],
      ['line-2', 2],
    ]);
    expect(applyCartOps(cart, [])).toBe(cart);
  });

  it('puts a removed line back on Undo (re-add of the same variant and quantity)', () => {
    const removed = applyCartOp(cart, { kind: 'remove', itemId: 'line-1', line: thong });
    const undone = applyCartOp(
      removed,
      add(thong, thong.quantity, addTarget(removed, thong.variant.id, thong.quantity)),
    );
    expect(undone.items.map((i) => [i.variant.id, i.quantity])).toEqual([
      [500, 1],
      [100, 2],
    ]);
    expect(undone.itemCount).toBe(cart.itemCount);
  });

  it('computes add targets from the cart as shown', () => {
    expect(addTarget(cart, 100, 1)).toBe(3);
    expect(addTarget(cart, 999, 2)).toBe(2);
    expect(addTarget(undefined, 100, 1)).toBe(1);
    expect(addTarget(EMPTY_CART, 100, 4)).toBe(4);
  });

  it('caps a line at its stock and at 99, never below 1', () => {
    expect(stepperMax(thong)).toBe(9);
    expect(stepperMax({ variant: { ...thong.variant, stock: 500 } })).toBe(99);
    expect(stepperMax({ variant: { ...thong.variant, stock: 0 } })).toBe(1);
  });

  it('recognises its own ops among unknown mutation variables', () => {
    expect(isCartOp({ kind: 'clear' })).toBe(true);
    expect(isCartOp({ kind: 'update', itemId: 'x', quantity: 1, basis: 0 })).toBe(true);
    expect(isCartOp({ email: 'a@b.co' })).toBe(false);
    expect(isCartOp(undefined)).toBe(false);
    expect(isCartOp({ kind: 'explode' })).toBe(false);
  });
});
