/**
 * The cart badge's number travels in a small cookie, written on every cart write: by the server for
 * form posts and the cart pages, by the page's script for the JSON API's answers. It is
 * what lets the server draw the badge into pages cached for everyone (the count is spliced into the
 * cached bytes at CART_BADGE_SLOT) and what the browser's badge shows once hydrated. It holds a
 * number and nothing else; the cart itself stays behind the session.
 */
export const CART_COUNT_COOKIE = 'dino.items';

/** Counts above this show as '99+', so one page has at most 101 renditions. */
export const MAX_SHOWN_COUNT = 100;

/**
 * Where the server-rendered HTML takes the badge. A text node no shopper could type (private-use
 * characters around a name), replaced before the bytes leave the server.
 */
export const CART_BADGE_SLOT = '\uE000cart-badge\uE000';

/** Thirty days, as long as the session that holds the cart. */
export const CART_COUNT_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The browser's side: the enhanced page writes the count of every cart the JSON API answers with. */
export function writeCartCountCookie(count: number): void {
  document.cookie = `${CART_COUNT_COOKIE}=${Math.max(0, Math.trunc(count))}; Path=/; Max-Age=${CART_COUNT_MAX_AGE_S}; SameSite=Lax`;
}

const COUNT_IN_COOKIES = new RegExp(`(?:^|;\\s*)${CART_COUNT_COOKIE.replaceAll('.', '\\.')}=(\\d{1,6})(?:;|$)`);

/** The count in a Cookie header or `document.cookie`; 0 when absent or not a count. */
export function cartCountFromCookies(cookies: string | undefined): number {
  if (!cookies || !cookies.includes(CART_COUNT_COOKIE)) return 0;
  const match = COUNT_IN_COOKIES.exec(cookies);
  return match ? Math.min(MAX_SHOWN_COUNT, Number(match[1])) : 0;
}
