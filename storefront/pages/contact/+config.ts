import type { Config } from 'vike/types';

export default {
  title: 'Contact Us - DinoBooty',
  description:
    'Questions about sizing, orders or tail holes? Contact the DinoBooty team: we reply within 48 hours, Mon-Fri 9am-5pm EST.',
} satisfies Config;
