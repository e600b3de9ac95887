import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  PROMO_CODE,
  SHIPPING_CENTS,
  cartTotals,
  isPromoCode,
  itemCount,
  lineTotalCents,
  shippingCents,
  centsToFreeShipping,
  subtotalCents,
} from '../../../contracts/cart-rules.ts';

const line = (price: string, quantity: number) => ({ quantity, product: { price } });

describe('cart totals', () => {
  it('prices lines exactly in integer cents', () => {
    expect(lineTotalCents(line('24.99', 3))).toBe(7497);
    // 0.1 + 0.2 style drift cannot happen: 3 × 0.10 + 0.20 is exactly 50 cents.
    expect(subtotalCents([line('0.10', 3), line('0.20', 1)])).toBe(50);
    expect(subtotalCents([])).toBe(0);
  });

  it('counts items as the sum of quantities, not lines', () => {
    expect(itemCount([line('1.00', 2), line('2.00', 3)])).toBe(5);
    expect(itemCount([])).toBe(0);
  });

  it('charges 5.99 shipping below 50.00 and nothing from 50.00 on', () => {
    expect(SHIPPING_CENTS).toBe(599);
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(5000);
    expect(shippingCents(4999)).toBe(599);
    expect(shippingCents(5000)).toBe(0);
    expect(shippingCents(12345)).toBe(0);
  });

  it('gives free shipping with the promo code applied, whatever the subtotal', () => {
    expect(shippingCents(100, { promoApplied: true })).toBe(0);
    expect(shippingCents(4999, { promoApplied: false })).toBe(599);
  });

  it('accepts DINOBOOTY in any case, ignoring surrounding spaces, and nothing else', () => {
    expect(PROMO_CODE).toBe('DINOBOOTY');
    for (const code of ['DINOBOOTY', 'dinobooty', 'DinoBooty', '  dInObOoTy '])
      expect(isPromoCode(code), code).toBe(true);
    for (const code of ['', 'DINO', 'DINOBOOTY!', 'DINO BOOTY', 'dinobootyy'])
      expect(isPromoCode(code), code).toBe(false);
  });

  it('says how much more makes shipping free: nothing once the subtotal or the code does', () => {
    expect(centsToFreeShipping(4498)).toBe(502);
    expect(centsToFreeShipping(4498, { promoApplied: true })).toBe(0);
    expect(centsToFreeShipping(5000)).toBe(0);
    expect(centsToFreeShipping(7000)).toBe(0);
  });

  it('sums a summary with and without the code', () => {
    const lines = [line('24.99', 1), line('19.99', 1)];
    expect(cartTotals(lines)).toEqual({ subtotal: 4498, shipping: 599, total: 5097, itemCount: 2, lineCount: 2 });
    expect(cartTotals(lines, { promoApplied: true })).toEqual({
      subtotal: 4498,
      shipping: 0,
      total: 4498,
      itemCount: 2,
      lineCount: 2,
    });
    expect(cartTotals([line('25.00', 2)])).toEqual({
      subtotal: 5000,
      shipping: 0,
      total: 5000,
      itemCount: 2,
      lineCount: 1,
    });
  });
});
