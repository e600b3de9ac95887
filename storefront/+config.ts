import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';
import { SHIPPING_WORDS } from '../contracts/shipping-words.ts';

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
  description: `DinoBooty sells humorous, cheeky underwear and lingerie for cartoon dinosaurs. ${SHIPPING_WORDS.freeOnOrdersOver}.`,
  // Server routing: every link is a page load (catalogue pages are cached HTML). Its client runtime is
  // much smaller than the client router's, which the first-load JS budget needs.
  clientRouting: false,
  // With server routing the browser's pageContext has no URL of its own: the header's current link,
  // the listing's and the product page's URL state read these.
  passToClient: ['urlPathname', 'urlParsed', 'flash'],
  // Pages read their data through +data hooks that run on the server only.
  htmlAttributes: { class: 'scroll-smooth' },
  // With server routing every render in the browser is a hydration, which keeps the <head> the server
  // wrote: vike-react reads title and description there only after a client-side navigation. Loaded on
  // the server only, they and every page's +title and +description stay out of the first-load JS.
  meta: {
    title: { env: { server: true } },
    description: { env: { server: true } },
  },
  // Vike's markers for where its asset and hydration tags go: it splits the page once at each instead
  // of searching the whole rendered HTML for <head> and </body>.
  headHtmlBegin: '__VITE_PLUGIN_SSR__ASSETS_FIRST__',
  bodyHtmlEnd: '__VITE_PLUGIN__SSR_ASSETS_LAST__',
} satisfies Config;
