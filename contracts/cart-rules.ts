import type { Cart, CartItem } from './cart.ts';
import { centsToDecimal, decimalToCents } from './money-format.ts';

/**
 * The cart's rules, once, for the API, the CLI and the storefront. Dependency-free (type imports
 * only), so the storefront's first load does not pay for valibot. Money in integer cents.
 */

/** The most of one variant a cart line may hold. */
export const MAX_LINE_QUANTITY = 99;
/** Below this many (and some left), the product page says 'Only {n} left in stock!' with the count. */
export const LOW_STOCK_BELOW = 5;
export const SHIPPING_CENTS = 599;
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
/** The promo code that unlocks free shipping, on the cart page and at checkout (it lives in the session). */
export const PROMO_CODE = 'DINOBOOTY';

/** A cart with nothing in it (id null: no cart was ever made). */
export const emptyCart = (id: string | null = null): Cart => ({ id, items: [], total: '0.00', itemCount: 0 });

/** The most of one variant a cart may hold: 99, or less when stock is lower (0 when sold out). */
export const maxLineQuantity = (stock: number) => Math.max(0, Math.min(MAX_LINE_QUANTITY, stock));

/** The part of a cart line the totals need (a CartItem fits): how many, at the catalogue's price now. */
export interface TotalledLine {
  quantity: number;
  product: { price: string };
}

export function lineTotalCents(line: TotalledLine): number {
  return decimalToCents(line.product.price) * line.quantity;
}

export function subtotalCents(lines: readonly TotalledLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** The header badge's number: the sum of line quantities (not the number of lines). */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A cart's items with the total and item count they add up to. */
export const cartOf = (id: string | null, items: CartItem[]): Cart => ({
  id,
  items,
  total: centsToDecimal(subtotalCents(items)),
  itemCount: itemCount(items),
});

/** DINOBOOTY, in any letter case, surrounding spaces ignored. */
export function isPromoCode(code: string): boolean {
  return code.trim().toUpperCase() === PROMO_CODE;
}

/** 5.99, free from a subtotal of 50.00 or with the promo code applied. */
export function shippingCents(subtotal: number, { promoApplied = false }: { promoApplied?: boolean } = {}): number {
  return promoApplied || subtotal >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_CENTS;
}

/** How much more the cart needs for free shipping; 0 once shipping is free (by the subtotal or the code). */
export function centsToFreeShipping(subtotal: number, options: { promoApplied?: boolean } = {}): number {
  return shippingCents(subtotal, options) === 0 ? 0 : FREE_SHIPPING_THRESHOLD_CENTS - subtotal;
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  total: number;
  itemCount: number;
  lineCount: number;
}

/** Everything a summary shows; `promoApplied` when the session holds the promo code (the cart page, checkout and its form post pass it). */
export function cartTotals(lines: readonly TotalledLine[], options: { promoApplied?: boolean } = {}): CartTotals {
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal, options);
  return { subtotal, shipping, total: subtotal + shipping, itemCount: itemCount(lines), lineCount: lines.length };
}
