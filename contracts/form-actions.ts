/**
 * Where the shop's plain HTML forms post (the no-JavaScript path): the pages' `action`s and the
 * server's form routes are both written from these, so one cannot move without the other.
 */
export const FORM_ACTIONS = {
  cartAdd: '/cart/add',
  cartClear: '/cart/clear',
  cartPromo: '/cart/promo',
  checkout: '/checkout',
  subscribe: '/subscribe',
  contact: '/contact',
  trackOrder: '/track-order',
  /** A found order's Cancel (number and address as typed, in hidden fields). */
  trackOrderCancel: '/track-order/cancel',
  stockAlert: '/stock-alert',
} as const;

/** The flash name of the product page's back-in-stock form (the page and its form route both read it). */
export const STOCK_ALERT_FORM = 'stock-alert';

/** A cart line's quantity form; the route pattern the server registers for it (`:itemId`). */
export const lineAction = (lineId: string) => `/cart/items/${encodeURIComponent(lineId)}`;
export const LINE_ACTION_ROUTE = '/cart/items/:itemId';

/** A cart line's removal form. */
export const lineRemoveAction = (lineId: string) => `${lineAction(lineId)}/remove`;
export const LINE_REMOVE_ROUTE = `${LINE_ACTION_ROUTE}/remove`;
