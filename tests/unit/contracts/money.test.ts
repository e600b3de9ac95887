import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, formatCents, formatMoney } from '../../../contracts/money-format.ts';

describe('money', () => {
  it('turns cents into API decimal strings with exactly two decimals', () => {
    expect([0, 5, 99, 100, 2499, 123456].map(centsToDecimal)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '24.99',
      '1234.56',
    ]);
  });

  it('parses decimal strings into exact cents (no floating point drift)', () => {
    expect(['0.10', '0.2', '24.99', '1', '19.999'.slice(0, 5)].map(decimalToCents)).toEqual([10, 20, 2499, 100, 1999]);
    expect(decimalToCents('0.1') + decimalToCents('0.2')).toBe(30);
  });

  it('keeps the sign of a negative amount (a refund or a discount) both ways', () => {
    expect([-5, -99, -2499].map(centsToDecimal)).toEqual(['-0.05', '-0.99', '-24.99']);
    expect(['-0.05', '-24.99', '-1'].map(decimalToCents)).toEqual([-5, -2499, -100]);
    expect(formatCents(-2499)).toBe('-$24.99');
  });

  it('refuses non-integers and garbage', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => decimalToCents('12.345')).toThrow(RangeError);
    expect(() => decimalToCents('abc')).toThrow(RangeError);
  });

  it('formats for people as en-US dollars with 2 decimals', () => {
    expect(formatCents(2499)).toBe('$24.99');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatMoney('5.99')).toBe('$5.99');
    expect(formatMoney('50')).toBe('$50.00');
  });
});
