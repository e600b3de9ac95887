import type { Config } from 'vike/types';

export default {
  title: 'Our Story - DinoBooty',
  description:
    'How a joke about a T-Rex who could not reach his waistband became DinoBooty, the cheekiest underwear brand of the Mesozoic.',
} satisfies Config;
