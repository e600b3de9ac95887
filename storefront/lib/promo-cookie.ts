/**
 * Whether the session holds the promo code, in a cookie the page's script can read: the cart drawer,
 * on pages cached for everyone, tells free shipping by it. It holds a flag and nothing else; the code
 * itself stays in the session, which the cart page and checkout read.
 */
export const PROMO_COOKIE = 'dino.promo';

export const promoFromCookies = (cookies: string | undefined): boolean => /(?:^|;\s*)dino\.promo=1(?:;|$)/.test(cookies ?? '');
