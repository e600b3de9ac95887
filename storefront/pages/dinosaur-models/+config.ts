import type { Config } from 'vike/types';

export default {
  title: 'Our Dinosaur Models - DinoBooty',
  description:
    'Meet the T-Rex, Stegosaurus and Raptor who model DinoBooty underwear, and find out which fits they swear by.',
} satisfies Config;
