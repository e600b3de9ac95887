import type { Config } from 'vike/types';

export default {
  title: 'Sustainability - DinoBooty',
  description:
    'Avoiding extinction, one pair at a time: DinoBooty fabrics, packaging and shipping choices for a planet worth roaming.',
} satisfies Config;
