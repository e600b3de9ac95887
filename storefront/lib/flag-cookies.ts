/**
 * Flags in small cookies the page's script can read, each holding `1` and nothing else (what they
 * stand for stays on the server or in the tab):
 * - the session holds the promo code: the cart drawer, on pages cached for everyone, tells free
 *   shipping by it (set and cleared with the code);
 * - this browser placed an order within the hour (features/checkout/last-order.ts): the server then
 *   lets an empty checkout render, to show the confirmation again after a reload.
 */
export const PROMO_COOKIE = 'dino.promo';
export const JUST_ORDERED_COOKIE = 'dino.ordered';

/** Whether `name=1` is among `cookies` (a Cookie header or `document.cookie`). */
export const hasFlag = (cookies: string | undefined, name: string): boolean => cookies?.split(/;\s*/).includes(`${name}=1`) ?? false;
