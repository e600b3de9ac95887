import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

/**
 * Global storefront config. Routes are computed from `/` (this directory), so `pages/shop/` serves
 * `/shop` and not `/storefront/shop` (Vike ignores the `pages/` segment).
 */
export default {
  extends: [vikeReact],
  filesystemRoutingRoot: '/',
  lang: 'en',
  favicon: '/favicon.svg',
  title: 'DinoBooty - Sexy Underwear for Cartoon Dinosaurs',
  description:
    'DinoBooty sells humorous, cheeky underwear and lingerie for cartoon dinosaurs. Free shipping on orders over $50.',
  // Pages read their data through +data hooks that run on the server only.
  htmlAttributes: { class: 'scroll-smooth' },
} satisfies Config;
