import type { Config } from 'vike/types';

export default {
  title: 'Your Cart - DinoBooty',
  description: 'Review the dinosaur underwear in your cart, apply a promo code and head to checkout.',
} satisfies Config;
