import { FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE } from './cart-rules.ts';
import { formatCents } from './money-format.ts';

/**
 * The free-shipping promise and the shipping prices in words, built once from the cart's rules and
 * used wherever the shop states them: the banner, the pages, the product page, the FAQ, the pages'
 * descriptions and the welcome mail. Dependency-light, as cart-rules is: the banner is on every page.
 */

/** Expedited shipping's price, as the policy texts state it (the shop's own checkout ships standard only). */
export const EXPEDITED_SHIPPING_CENTS = 1299;

/** An amount in a sentence: whole dollars without cents, as the policy texts write the threshold ('$50'); else '$49.50'. */
export const dollarsInProse = (cents: number): string => formatCents(cents).replace(/\.00$/, '');

/** The words for a threshold and a code: the shop's are SHIPPING_WORDS; a test builds others to prove they follow. */
export function shippingWords(thresholdCents: number, code: string) {
  const over = `over ${dollarsInProse(thresholdCents)}`;
  const offer = `Free shipping on orders ${over}`;
  return {
    /** 'DINOBOOTY' */
    code,
    /** 'Free shipping over $50' */
    freeOver: `Free shipping ${over}`,
    /** 'Free shipping on orders over $50' */
    freeOnOrdersOver: offer,
    /** 'free on orders over $50', inside a sentence about standard shipping. */
    standardFree: `free on orders ${over}`,
    /** 'free over $50', the policy text's short form. */
    standardFreeShort: `free ${over}`,
    /** 'Free on orders over $50': a rate table's cost. */
    standardCost: `Free on orders ${over}`,
    /** 'Orders over $50 ship free.' */
    ordersOverShipFree: `Orders ${over} ship free.`,
    /** 'Or anytime with code DINOBOOTY' */
    orAnytimeWithCode: `Or anytime with code ${code}`,
    /** 'Free shipping over $50, or anytime with code DINOBOOTY.': either one frees shipping. */
    eitherWay: `Free shipping ${over}, or anytime with code ${code}.`,
    /** 'The code DINOBOOTY unlocks free shipping on any order.' */
    codeOnAnyOrder: `The code ${code} unlocks free shipping on any order.`,
    /** What checkout says while shipping is charged: 'Free shipping on orders of $50.00 or more.' (the rule is "or more"). */
    checkoutHint: `Free shipping on orders of ${formatCents(thresholdCents)} or more.`,
    /** The banner above every page, in its parts (the code stands out) and whole. */
    banner: { offer, useCode: 'Use code', code, where: 'at checkout', text: `${offer} · Use code ${code} at checkout` },
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

/** '$12.99': expedited shipping's price in the policy texts. */
export const EXPEDITED_PRICE = formatCents(EXPEDITED_SHIPPING_CENTS);
