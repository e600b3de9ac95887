import { JUST_ORDERED_COOKIE } from '../../../contracts/shop-cookies.ts';
import * as v from 'valibot';
import { PlacedOrder } from '../../../contracts/checkout.ts';

/**
 * The order this tab placed last, so its confirmation survives a reload: the cart is empty by then,
 * and an empty checkout would otherwise send the shopper to /cart, the order number lost. Kept in
 * sessionStorage (this tab only, gone when it closes) and for an hour; a cookie holding only a flag
 * tells the server not to send an empty checkout to /cart meanwhile (the page then finds the order,
 * or goes to /cart itself).
 */
const KEY = 'dino.lastOrder';
const KEPT_S = 60 * 60;

export function rememberOrder(order: PlacedOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
    document.cookie = `${JUST_ORDERED_COOKIE}=1; Path=/checkout; Max-Age=${KEPT_S}; SameSite=Lax`;
  } catch {
    // Storage refused (private mode, quota): the confirmation shows until the page is left, as before.
  }
}

/** The order this tab placed within the hour, if any. */
export function lastOrder(now = Date.now()): PlacedOrder | null {
  try {
    const kept = v.safeParse(PlacedOrder, JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return kept.success && now - Date.parse(kept.output.placedAt) < KEPT_S * 1000 ? kept.output : null;
  } catch {
    return null;
  }
}
