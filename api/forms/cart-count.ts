import type { FastifyReply } from 'fastify';
import type { Cart } from '../../contracts/cart.ts';
import { CART_COUNT_COOKIE, CART_COUNT_MAX_AGE_S } from '../../storefront/lib/cart-count-cookie.ts';
import { PROMO_COOKIE } from '../../storefront/lib/promo-cookie.ts';

/**
 * A form post or cart page refreshes the badge cookie (readable by the page's script: it hydrates the
 * server-drawn badge from it). Needs @fastify/cookie in the calling scope.
 */
export function rememberCartCount(reply: FastifyReply, cart: Pick<Cart, 'itemCount'>): void {
  reply.setCookie(CART_COUNT_COOKIE, String(cart.itemCount), { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false, maxAge: CART_COUNT_MAX_AGE_S });
}

/** Mirrors the session's promo code into the flag the cart drawer reads (storefront/lib/promo-cookie.ts). */
export function rememberPromo(reply: FastifyReply, applied: boolean): void {
  if (applied) reply.setCookie(PROMO_COOKIE, '1', { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false, maxAge: CART_COUNT_MAX_AGE_S });
  else reply.clearCookie(PROMO_COOKIE, { path: '/' });
}
