import type { Config } from 'vike/types';
import { EXPEDITED_PRICE } from '../../../contracts/shipping-offer.ts';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

export default {
  title: 'Shipping & Returns - DinoBooty',
  description: `Standard shipping in 3-5 business days, ${SHIPPING_WORDS.standardFreeShort}; expedited 1-2 days for ${EXPEDITED_PRICE}; international 7-14 days. 30-day returns of unworn items with tags.`,
} satisfies Config;
