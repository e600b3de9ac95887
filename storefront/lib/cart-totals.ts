import { decimalToCents } from '../../contracts/money-format.ts';

/**
 * Cart arithmetic (spec 9), in integer cents. Pure: the cart drawer, the cart page and checkout all
 * read their numbers from here.
 */
export const SHIPPING_CENTS = 599;
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
/** The promo code that unlocks free shipping on the cart page (checkout ignores it). */
export const PROMO_CODE = 'DINOBOOTY';

/** The part of a cart line the totals need (a CartItem fits). */
export interface PricedLine {
  quantity: number;
  product: { price: string };
}

export function lineTotalCents(line: PricedLine): number {
  return decimalToCents(line.product.price) * line.quantity;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** The header badge's number: the sum of line quantities (not the number of lines). */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** DINOBOOTY, in any letter case, surrounding spaces ignored. */
export function isPromoCode(code: string): boolean {
  return code.trim().toUpperCase() === PROMO_CODE;
}

/** 5.99, free from a subtotal of 50.00 or with the promo code applied. */
export function shippingCents(subtotal: number, { promoApplied = false }: { promoApplied?: boolean } = {}): number {
  return promoApplied || subtotal >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_CENTS;
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  total: number;
  itemCount: number;
  lineCount: number;
}

/**
 * Everything a summary shows. The cart page passes `promoApplied`; checkout never does (spec 9:
 * checkout ignores the code).
 */
export function cartTotals(lines: readonly PricedLine[], options: { promoApplied?: boolean } = {}): CartTotals {
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal, options);
  return { subtotal, shipping, total: subtotal + shipping, itemCount: itemCount(lines), lineCount: lines.length };
}
