import { describe, expect, it } from 'vitest';
import * as contracts from '../../../contracts/money.ts';
import * as storefront from '../../../storefront/lib/money.ts';

/** storefront/lib/money.ts repeats contracts/money.ts's formatting without valibot: they must agree. */
describe('storefront money formatting', () => {
  const decimals = ['0.00', '0.5', '1', '24.99', '-3.10', '1000.00', ' 12.30 ', '999999.99', '7.05'];

  it('reads decimals as contracts/money.ts does', () => {
    for (const d of decimals) expect(storefront.decimalToCents(d)).toBe(contracts.decimalToCents(d));
    for (const bad of ['', 'abc', '1.234', '$5']) {
      expect(() => storefront.decimalToCents(bad)).toThrow(RangeError);
      expect(() => contracts.decimalToCents(bad)).toThrow(RangeError);
    }
  });

  it('formats cents and decimals as contracts/money.ts does', () => {
    for (const cents of [0, 1, 99, 100, 2499, -310, 123456789]) expect(storefront.formatCents(cents)).toBe(contracts.formatCents(cents));
    for (const d of decimals) expect(storefront.formatMoney(d)).toBe(contracts.formatMoney(d));
    expect(storefront.formatMoney('24.99')).toBe('$24.99');
  });
});
