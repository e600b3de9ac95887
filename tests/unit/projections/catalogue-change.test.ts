import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../contracts/catalogue.ts';
import { stockChange } from '../../../projections/catalogue/catalogue-change.ts';

const variant = (id: number, productId: number, stock: number): Variant => ({ id, productId, size: 'M', color: 'Lava Red', colorHex: '#c0392b', stock });

describe('what a stock reload changed', () => {
  const before = [variant(1, 10, 5), variant(2, 10, 0), variant(3, 20, 1)];

  it('names the products whose variants moved; counts that stay above zero flip nothing a listing shows', () => {
    expect(stockChange(before, [variant(1, 10, 4), variant(2, 10, 0), variant(3, 20, 1)])).toEqual({ kind: 'stock', productIds: new Set([10]), availability: false });
    expect(stockChange(before, before)).toEqual({ kind: 'stock', productIds: new Set(), availability: false });
  });

  it('says so when a variant goes out of stock or comes back', () => {
    expect(stockChange(before, [variant(1, 10, 5), variant(2, 10, 0), variant(3, 20, 0)])).toEqual({ kind: 'stock', productIds: new Set([20]), availability: true });
    expect(stockChange(before, [variant(1, 10, 5), variant(2, 10, 3), variant(3, 20, 1)])).toEqual({ kind: 'stock', productIds: new Set([10]), availability: true });
  });

  it('a variant only on one side counts as a flip', () => {
    expect(stockChange(before, before.slice(0, 2)).availability).toBe(true);
  });
});
