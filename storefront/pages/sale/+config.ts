import type { Config } from 'vike/types';

export default {
  title: 'Sale - DinoBooty',
  description:
    'Prehistoric prices on sexy dinosaur underwear: thongs, briefs, boxers and bralettes with 20-49% off badges, while stocks last.',
} satisfies Config;
