/**
 * What one client address may do per minute. The defaults let a real shopper never notice (nobody
 * starts 60 carts or signs up 20 addresses a minute) and stop a script long before 300 a minute.
 */
export interface RateLimits {
  /** Requests that would start a new session and cart (adding to a cart without one). */
  newCarts: number;
  /** Addresses given to be written to: newsletter sign-ups and back-in-stock requests. */
  signUps: number;
  /** Every cart change (add, change quantity, remove, clear), the promo code, orders placed and order lookups. */
  cartAndOrders: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { newCarts: 60, signUps: 20, cartAndOrders: 120 };

export type LimitName = keyof RateLimits;
