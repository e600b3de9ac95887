import type { Config } from 'vike/types';

export default {
  title: 'DinoBooty - Sexy Underwear for Cartoon Dinosaurs',
  description:
    'Shop our collections of sexy, silly underwear and lingerie for cartoon dinosaurs: T-Rex thongs, raptor lace, stego boxers and more. Free shipping over $50.',
} satisfies Config;
