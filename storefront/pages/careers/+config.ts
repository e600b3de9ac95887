import type { Config } from 'vike/types';

export default {
  title: 'Careers - DinoBooty',
  description: 'Join the herd: open positions at DinoBooty in design, customer care, fit engineering and marketing.',
} satisfies Config;
