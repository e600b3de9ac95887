import type { Config } from 'vike/types';

export default {
  title: 'Shipping & Returns - DinoBooty',
  description:
    'Standard shipping in 3-5 business days, free over $50; expedited 1-2 days for $12.99; international 7-14 days. 30-day returns of unworn items with tags.',
} satisfies Config;
