import { FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE } from './cart-rules.ts';
import { formatCents } from './money-format.ts';

/**
 * The free-shipping offer as every page's banner and the catalogue pages (home, product) state it:
 * the words a first visit loads. The policy texts' words (contracts/shipping-words.ts) are built on
 * these and load only with the pages that say them.
 */

/** An amount in a sentence: whole dollars without cents, as the policy texts write the threshold ('$50'); else '$49.50'. */
export const dollarsInProse = (cents: number): string => formatCents(cents).replace(/\.00$/, '');

/** Expedited shipping's price, as the policy texts state it (the shop's own checkout ships standard only). */
export const EXPEDITED_SHIPPING_CENTS = 1299;

/** '$12.99': expedited shipping's price in the policy texts. */
export const EXPEDITED_PRICE = formatCents(EXPEDITED_SHIPPING_CENTS);

/** The offer for a threshold and a code: the shop's is SHIPPING_OFFER; a test builds others to prove they follow. */
export function shippingOffer(thresholdCents: number, code: string) {
  const over = `over ${dollarsInProse(thresholdCents)}`;
  const offer = `Free shipping on orders ${over}`;
  return {
    /** 'DINOBOOTY' */
    code,
    /** 'over $50' */
    over,
    /** 'Free shipping on orders over $50' */
    freeOnOrdersOver: offer,
    /** 'Free shipping over $50' */
    freeOver: `Free shipping ${over}`,
    /** 'free on orders over $50', inside a sentence about standard shipping. */
    standardFree: `free on orders ${over}`,
    /** 'Or anytime with code DINOBOOTY' */
    orAnytimeWithCode: `Or anytime with code ${code}`,
    /** The banner above every page, in its parts (the code stands out) and whole. */
    banner: { offer, useCode: 'Use code', code, where: 'at checkout', text: `${offer} · Use code ${code} at checkout` },
  } as const;
}

export const SHIPPING_OFFER = shippingOffer(FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE);
