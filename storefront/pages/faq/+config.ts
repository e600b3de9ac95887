import type { Config } from 'vike/types';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

export default {
  title: 'FAQ - DinoBooty',
  description: `Answers to the questions dinosaurs ask most: sizing, tail holes, shipping times, returns, care and the ${SHIPPING_WORDS.code} free-shipping code.`,
} satisfies Config;
