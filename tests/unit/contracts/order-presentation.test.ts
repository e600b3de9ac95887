import { describe, expect, it } from 'vitest';
import {
  MINUS_SIGN,
  QUANTITY_MARK,
  formatDiscount,
  formatShipping,
  lineLabel,
  lineQuantityPrice,
  lineText,
  lineTotal,
  orderTotalsRows,
  totalRow,
} from '../../../contracts/order-presentation.ts';

const line = { name: 'T-Rex Thong', size: 'M', color: 'Green', quantity: 2, unitPriceCents: 2499 };

describe('how an order reads', () => {
  it('names a line by product, size and colour', () => {
    expect(lineLabel(line)).toBe('T-Rex Thong (M, Green)');
    expect(lineLabel({ name: 'Stego <Plate> Briefs', size: 'XL', color: 'Amber & Resin' })).toBe(
      'Stego <Plate> Briefs (XL, Amber & Resin)',
    );
  });

  it('gives a line its quantity with the one mark ×, its unit price, and its total', () => {
    expect(QUANTITY_MARK).toBe('\u00d7');
    expect(lineQuantityPrice(line)).toBe('× 2 ($24.99 each)');
    expect(lineTotal(line)).toBe('$49.98');
    expect(lineTotal({ quantity: 3, unitPriceCents: 123456 })).toBe('$3,703.68');
    expect(lineText(line)).toBe('T-Rex Thong (M, Green) × 2 ($24.99 each)');
  });

  it('says Free for waived shipping and the price otherwise; a discount with the true minus sign', () => {
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(599)).toBe('$5.99');
    expect(MINUS_SIGN).toBe('\u2212');
    expect(formatDiscount(720)).toBe('−$7.20');
    expect(formatDiscount(720)).not.toContain('-');
  });

  it('writes the totals as rows: Subtotal, Shipping, Discount only when there is one, Total', () => {
    expect(orderTotalsRows({ subtotalCents: 7197, shippingCents: 0, discountCents: 720, totalCents: 6477 })).toEqual([
      { label: 'Subtotal', value: '$71.97' },
      { label: 'Shipping', value: 'Free' },
      { label: 'Discount', value: '−$7.20' },
      { label: 'Total', value: '$64.77' },
    ]);
    const plain = [
      { label: 'Subtotal', value: '$24.99' },
      { label: 'Shipping', value: '$5.99' },
      { label: 'Total', value: '$30.98' },
    ];
    expect(orderTotalsRows({ subtotalCents: 2499, shippingCents: 599, discountCents: 0, totalCents: 3098 })).toEqual(
      plain,
    );
    expect(orderTotalsRows({ subtotalCents: 2499, shippingCents: 599, totalCents: 3098 })).toEqual(plain);
    expect(totalRow(7197)).toEqual({ label: 'Total', value: '$71.97' });
  });
});
