import { CART_COUNT_COOKIE, CART_COUNT_MAX_AGE_S } from '../../contracts/shop-cookies.ts';

/** The browser's side: the enhanced page writes the count of every cart the JSON API answers with. */
export function writeCartCountCookie(count: number): void {
  document.cookie = `${CART_COUNT_COOKIE}=${Math.max(0, Math.trunc(count))}; Path=/; Max-Age=${CART_COUNT_MAX_AGE_S}; SameSite=Lax`;
}
