import { FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE } from './cart-rules.ts';
import { formatCents } from './money-format.ts';
import { dollarsInProse, shippingOffer } from './shipping-offer.ts';

/**
 * The free-shipping promise and the shipping prices in words, built once from the cart's rules and
 * used wherever the shop states them: the banner, the pages, the product page, the FAQ, the pages'
 * descriptions and the welcome mail. The offer's own words (contracts/shipping-offer.ts) are the part a
 * first visit loads; these load with the pages that say them.
 */

/** The words for a threshold and a code: the shop's are SHIPPING_WORDS; a test builds others to prove they follow. */
export function shippingWords(thresholdCents: number, code: string) {
  const offer = shippingOffer(thresholdCents, code);
  const { over } = offer;
  return {
    ...offer,
    /** 'free over $50', the policy text's short form. */
    standardFreeShort: `free ${over}`,
    /** 'Free on orders over $50': a rate table's cost. */
    standardCost: `Free on orders ${over}`,
    /** 'Orders over $50 ship free.' */
    ordersOverShipFree: `Orders ${over} ship free.`,
    /** 'Free shipping over $50, or anytime with code DINOBOOTY.': either one frees shipping. */
    eitherWay: `Free shipping ${over}, or anytime with code ${code}.`,
    /** 'The code DINOBOOTY unlocks free shipping on any order.' */
    codeOnAnyOrder: `The code ${code} unlocks free shipping on any order.`,
    /** What checkout says while shipping is charged: 'Free shipping on orders of $50.00 or more.' (the rule is "or more"). */
    checkoutHint: `Free shipping on orders of ${formatCents(thresholdCents)} or more.`,
    /**
     * The welcome mail's promise, true to the rule: either the subtotal or the code frees shipping, and
     * the code is kept in the session from the cart page or checkout's own field, so the order honours it.
     */
    welcome:
      `Free shipping on orders of ${dollarsInProse(thresholdCents)} or more, ` +
      `or on any order with the code ${code}, entered in your cart or at checkout.`,
  } as const;
}

export const SHIPPING_WORDS = shippingWords(FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE);
