/**
 * What the shop says of its demo checkout, wherever it says it. Only the payment is a demo: the
 * order is kept, shipped, tracked and mailed about as a real one, so no word here denies that.
 */

/** The cart's and the checkout's notice, after "Demo checkout.". */
export const DEMO_CHECKOUT_NOTICE =
  'No payment is taken and card numbers are never kept, but your order is real to us: it is kept, ' +
  'and you can track it with its number and your email.';

/** The line under the checkout's button. */
export const DEMO_CHECKOUT_LINE =
  'This is a demo checkout: no payment is taken, but your order is kept and can be tracked.';

/** The confirmation, once the order is placed. */
export const DEMO_ORDER_PLACED =
  'This was a demo checkout, so no payment was taken. Your order is kept all the same: track it with its number and your email.';
