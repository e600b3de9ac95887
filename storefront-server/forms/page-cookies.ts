import type { FastifyReply } from 'fastify';
import type { Cart } from '../../contracts/cart.ts';
import { CART_COUNT_COOKIE, CART_COUNT_MAX_AGE_S, PROMO_COOKIE } from '../../contracts/shop-cookies.ts';

/**
 * The cookies the page's script reads, as the server writes them (needs @fastify/cookie in the
 * calling scope): readable by script, sent on every page, kept as long as the session.
 */
const READABLE = { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false, maxAge: CART_COUNT_MAX_AGE_S } as const;

/** A form post or cart page refreshes the badge cookie (the page hydrates the server-drawn badge from it). */
export function rememberCartCount(reply: FastifyReply, cart: Pick<Cart, 'itemCount'>): void {
  reply.setCookie(CART_COUNT_COOKIE, String(cart.itemCount), READABLE);
}

/** Mirrors the session's promo code into the flag the cart drawer reads (contracts/shop-cookies.ts). */
export function rememberPromo(reply: FastifyReply, applied: boolean): void {
  if (applied) reply.setCookie(PROMO_COOKIE, '1', READABLE);
  else reply.clearCookie(PROMO_COOKIE, { path: READABLE.path });
}
