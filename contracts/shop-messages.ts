import { PROMO_CODE } from './cart-rules.ts';

/**
 * What the shop says after a shopper's action, in one place: the enhanced page says it in a toast,
 * the page a plain form post lands on says it in its notice, and both must read the same.
 */
export const CART_MESSAGES = {
  added: 'Added to cart!',
  addedDescription: (productName: string) => `${productName} has been added to your cart.`,
  removed: 'Item removed',
  removedDescription: 'The item has been removed from your cart',
  cleared: 'Cart cleared',
  clearedDescription: 'Everything has been removed from your cart',
  noVariant: 'Please select a variant before adding to cart',
  noVariants: 'No variants available for this product',
  tryAgain: 'Please try again',
  changedElsewhere: 'Your cart was changed',
  orderFailed: 'Your order was not placed',
  changedElsewhereDescription:
    'It was changed in another tab or window, so this page now shows it as it is. Please check it and try again.',
  failed: {
    add: 'Failed to add item to cart',
    update: 'Failed to update item quantity',
    remove: 'Failed to remove item',
    clear: 'Failed to clear cart',
  },
} as const;

export const PROMO_MESSAGES = {
  applied: 'Coupon applied! Free shipping unlocked!',
  invalid: `Invalid coupon code. Try ${PROMO_CODE} for free shipping!`,
  notSaved: "We couldn't save your code for checkout. Please try again.",
} as const;

export const SIGNUP_MESSAGES = {
  success: 'Subscription successful!',
  successDescription: "You've been added to our dinosaur mailing list.",
  failed: 'Subscription failed',
  failedDescription: 'Something went wrong. Please try again.',
} as const;

/** "E-mail me when it's back", on a sold-out size and colour of the product page, and the API's answer. */
export const STOCK_ALERT_MESSAGES = {
  requested: "We'll e-mail you once when it's back.",
  heading: "E-mail me when it's back",
  prompt: (variant: string) =>
    `${variant} is sold out. Leave your address and we'll send one e-mail when it's back in stock.`,
  submit: "E-mail me when it's back",
  pending: 'Saving...',
  failed: "We couldn't save your request. Please try again.",
} as const;

/** Shown while a shopper's change waits for the shop to answer again (its requests are resent with their key). */
export const CONNECTION_MESSAGES = {
  reconnecting: 'Reconnecting to the shop…',
  reconnectingDescription: 'Your change is kept and will be saved as soon as the shop answers.',
} as const;

/**
 * The one answer for an order number and address that match no order: Track Order's heading, the API's
 * 404, and the refusal of a move of an order never placed.
 */
export const ORDER_NOT_FOUND = 'Order Not Found';
