import { describe, expect, it } from 'vitest';
import { cartFromLines } from '../../../projections/carts/cart-view.ts';
import { priceCart } from '../../../cli/priced-cart.ts';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { cartTotals, maxLineQuantity } from '../../../contracts/cart-rules.ts';
import { decimalToCents } from '../../../contracts/money-format.ts';
import { EMPTY_CART, applyCartOps, stepperMax } from '../../../storefront/features/cart/cart-ops.ts';
import { productPageMax } from '../../../storefront/lib/variant-selection.ts';

const product = (id: number, price: string) =>
  ({ id, name: `Dino ${id}`, slug: `dino-${id}`, imageUrl: `/images/${id}.svg`, price }) as Product;
const variant = (id: number, productId: number, stock: number) =>
  ({ id, productId, color: 'Jungle Green', colorHex: '#2f7d32', size: 'M', stock }) as Variant;

const products = [product(1, '24.99'), product(2, '19.50'), product(3, '7.25')];
const variants = [variant(11, 1, 150), variant(21, 2, 3), variant(31, 3, 40)];
const catalogue = {
  productById: (id: number) => products.find((p) => p.id === id),
  variant: (id: number) => variants.find((v) => v.id === id),
  stockOf: (id: number) => variants.find((v) => v.id === id)?.stock,
};
const lines = [
  { lineId: 'a', productId: 1, variantId: 11, quantity: 2 },
  { lineId: 'b', productId: 2, variantId: 21, quantity: 3 },
  { lineId: 'c', productId: 3, variantId: 31, quantity: 1 },
];

describe('the API, the CLI and the storefront price the same cart the same way', () => {
  it('totals and item counts agree', () => {
    const api = cartFromLines('cart-1', lines, catalogue);
    const cli = priceCart(lines, catalogue);
    const storefront = applyCartOps(
      EMPTY_CART,
      lines.map((l) => {
        const { id, name, slug, imageUrl, price } = catalogue.productById(l.productId)!;
        const { color, colorHex, size, stock } = catalogue.variant(l.variantId)!;
        return {
          kind: 'add' as const,
          product: { id, name, slug, imageUrl, price },
          variant: { id: l.variantId, color, colorHex, size, stock },
          quantity: l.quantity,
          target: l.quantity,
          source: 'card' as const,
        };
      }),
    );
    // 2 × 24.99 + 3 × 19.50 + 7.25
    expect(api).toMatchObject({ total: '115.73', itemCount: 6 });
    expect(cli).toMatchObject({ totalCents: 11573, itemCount: 6 });
    expect(storefront).toMatchObject({ total: '115.73', itemCount: 6 });
    expect(cartTotals(storefront.items)).toMatchObject({ subtotal: 11573, itemCount: 6, shipping: 0, total: 11573 });
    expect(cartTotals(api.items)).toEqual(cartTotals(storefront.items));
    expect(decimalToCents(api.total)).toBe(cli.totalCents);
  });

  it('a line whose product left the catalogue counts for nothing on the API and in the CLI', () => {
    const gone = [...lines, { lineId: 'd', productId: 9, variantId: 91, quantity: 4 }];
    expect(cartFromLines('cart-1', gone, catalogue)).toMatchObject({ total: '115.73', itemCount: 6 });
    expect(priceCart(gone, catalogue)).toMatchObject({ totalCents: 11573, itemCount: 6 });
  });

  it('the cart rule bounds the cart stepper and the product page (the decider applies the rule itself)', () => {
    for (const v of [...variants, variant(41, 3, 0)]) {
      const expected = Math.min(99, v.stock);
      expect(maxLineQuantity(v.stock)).toBe(expected);
      expect(productPageMax(v)).toBe(expected);
      // A sold-out line still shows its quantity: its stepper never goes below 1.
      expect(stepperMax({ variant: v })).toBe(Math.max(1, expected));
    }
  });
});
