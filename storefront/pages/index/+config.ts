import type { Config } from 'vike/types';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

export default {
  title: 'DinoBooty - Sexy Underwear for Cartoon Dinosaurs',
  description: `Shop our collections of sexy, silly underwear and lingerie for cartoon dinosaurs: T-Rex thongs, raptor lace, stego boxers and more. ${SHIPPING_WORDS.freeOver}.`,
} satisfies Config;
