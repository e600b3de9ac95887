import type { Config } from 'vike/types';

export default {
  title: 'Track Your Order - DinoBooty',
  description: 'Track your DinoBooty order with your order number (it starts with #DINO-) and email address.',
} satisfies Config;
