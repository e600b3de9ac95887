/**
 * The shop's cookies as both sides see them: the session's lifetime, how a Cookie header is read,
 * and the small cookies the server and the page's script both read, each holding a number or `1` and
 * nothing else (what they stand for stays behind the session or in the tab). The server writes those
 * for form posts and the cart pages; the page's script reads them, and writes the cart count for the
 * JSON API's answers.
 */

/**
 * The cart badge's number, written on every cart write. It is what lets the server draw the badge
 * into pages cached for everyone (the count is spliced into the cached bytes at CART_BADGE_SLOT) and
 * what the browser's badge shows once hydrated.
 */
export const CART_COUNT_COOKIE = 'dino.items';

/**
 * Counts are read as at most this, which shows as '99+': a page's badge has at most 101 forms (0 to 100).
 * A cached page keeps the bytes of at most MAX_RENDITIONS of them (storefront-server/ via the answer cache, server/answer-cache/); a rarer
 * count is encoded for its request.
 */
export const MAX_SHOWN_COUNT = 100;

/**
 * Where the server-rendered HTML takes the badge. A text node no shopper could type (private-use
 * characters around a name), replaced before the bytes leave the server.
 */
export const CART_BADGE_SLOT = '\uE000cart-badge\uE000';

/** How long a shopper's session (and the cart it holds) lasts without a visit: thirty days. */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** As long as the session that holds the cart. */
export const CART_COUNT_MAX_AGE_S = SESSION_MAX_AGE_S;

const COUNT_IN_COOKIES = new RegExp(`(?:^|;\\s*)${CART_COUNT_COOKIE.replaceAll('.', '\\.')}=(\\d{1,6})(?:;|$)`);

/** The count in a Cookie header or `document.cookie`; 0 when absent or not a count. */
export function cartCountFromCookies(cookies: string | undefined): number {
  if (!cookies?.includes(CART_COUNT_COOKIE)) return 0;
  const match = COUNT_IN_COOKIES.exec(cookies);
  return match ? Math.min(MAX_SHOWN_COUNT, Number(match[1])) : 0;
}

/**
 * The session holds the promo code: the cart drawer, on pages cached for everyone, tells free
 * shipping by it (set and cleared with the code).
 */
export const PROMO_COOKIE = 'dino.promo';

/**
 * This browser placed an order within the hour (storefront/features/checkout/last-order.ts): the
 * server then lets an empty checkout render, to show the confirmation again after a reload.
 */
export const JUST_ORDERED_COOKIE = 'dino.ordered';

/** Whether `name=1` is among `cookies` (a Cookie header or `document.cookie`). */
export const hasFlag = (cookies: string | undefined, name: string): boolean => cookieValue(cookies, name) === '1';

/** The raw value of one cookie in a Cookie header (unverified: it only names a scope or a key, it grants nothing). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
