import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../contracts/catalogue.ts';
import { LOW_STOCK_BELOW } from '../../../contracts/cart-rules.ts';
import { shownStock } from '../../../contracts/stock-bands.ts';
import { createCatalogueIndex } from '../../../projections/catalogue/catalogue.index.ts';

const variant = (id: number, productId: number, stock: number): Variant => ({
  id,
  productId,
  size: 'M',
  color: 'Lava Red',
  colorHex: '#c0392b',
  stock,
});
const product = (id: number) => ({
  id,
  name: `P${id}`,
  slug: `p-${id}`,
  description: '',
  price: '10.00',
  imageUrl: '',
  bestSeller: id === 10,
  featured: false,
});
const level = (stock: number, moved: number) => ({ stock, moved });

describe('stock as shoppers are shown it', () => {
  it('sold out, the exact count below the low-stock line, else the largest of 5, 10, 20, 50, 99 not above the count', () => {
    const shown = [-2, 0, 1, 4, 5, 9, 10, 19, 20, 49, 50, 98, 99, 100_000].map(shownStock);
    expect(shown).toEqual([0, 0, 1, 4, 5, 5, 10, 10, 20, 20, 50, 50, 99, 99]);
    expect(LOW_STOCK_BELOW).toBe(5);
  });

  it('never above the count: a stepper bound drawn from it never offers more than is there', () => {
    for (let stock = 0; stock <= 300; stock++) expect(shownStock(stock)).toBeLessThanOrEqual(Math.max(0, stock));
  });
});

describe('the catalogue index takes moved stock', () => {
  const snapshot = () => ({
    version: 1,
    categories: [],
    products: [product(10), product(20)],
    variants: [variant(1, 10, 30), variant(2, 10, 6), variant(3, 20, 1)],
    moved: new Map([
      [1, 4],
      [2, 4],
      [3, 9],
    ]),
    testimonials: [],
    membership: new Map(),
  });

  it('reads banded stock, keeps the exact count for the cart', () => {
    const index = createCatalogueIndex(snapshot());
    expect(index.variants(10).map((v) => v.stock)).toEqual([20, 5]);
    expect(index.product('p-10')!.variants.map((v) => v.stock)).toEqual([20, 5]);
    expect(index.stockOf(1)).toBe(30);
  });

  it('a count that moves within its band changes nothing shown; the exact count follows', () => {
    const index = createCatalogueIndex(snapshot());
    const listed = index.products();
    expect(
      index.applyStock(
        new Map([
          [1, level(21, 13)],
          [2, level(5, 5)],
        ]),
      ),
    ).toEqual({ kind: 'stock', productIds: new Set(), availability: false });
    expect(index.stockOf(1)).toBe(21);
    expect(index.unitsMovedOf(1)).toBe(13);
    expect(index.products()).toBe(listed);
    expect(index.variants(10).map((v) => v.stock)).toEqual([20, 5]);
  });

  it('a band crossed names its product; sold out or back names availability; the lists show it without a rebuild', () => {
    const index = createCatalogueIndex(snapshot());
    const bestsellers = index.bestsellers();
    expect(index.applyStock(new Map([[1, level(19, 15)]]))).toEqual({
      kind: 'stock',
      productIds: new Set([10]),
      availability: false,
    });
    expect(index.bestsellers()).toBe(bestsellers);
    expect(bestsellers[0]!.variants.map((v) => v.stock)).toEqual([10, 5]);
    expect(index.variant(1)!.stock).toBe(10);
    expect(index.applyStock(new Map([[3, level(0, 10)]]))).toEqual({
      kind: 'stock',
      productIds: new Set([20]),
      availability: true,
    });
    expect(index.applyStock(new Map([[3, level(2, 12)]]))).toEqual({
      kind: 'stock',
      productIds: new Set([20]),
      availability: true,
    });
  });

  it('a read older than the one held (fewer units moved) is ignored, as is a variant it does not know', () => {
    const index = createCatalogueIndex(snapshot());
    index.applyStock(new Map([[2, level(2, 8)]]));
    expect(
      index.applyStock(
        new Map([
          [2, level(4, 6)],
          [99, level(50, 1)],
        ]),
      ),
    ).toEqual({ kind: 'stock', productIds: new Set(), availability: false });
    expect(index.stockOf(2)).toBe(2);
    expect(index.stockOf(99)).toBeUndefined();
  });
});
