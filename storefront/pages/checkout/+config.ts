import type { Config } from 'vike/types';

export default {
  title: 'Checkout - DinoBooty',
  description:
    'A demo checkout for your cheeky dinosaur underwear: no payment is taken, and your order can be tracked.',
} satisfies Config;
