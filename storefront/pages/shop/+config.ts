import type { Config } from 'vike/types';

export default {
  title: 'Shop All Products - DinoBooty',
  description:
    'Browse every DinoBooty thong, brief, boxer and bralette for cartoon dinosaurs. Search, sort and filter by price, collection and size.',
} satisfies Config;
