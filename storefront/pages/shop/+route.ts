import type { PageContextServer } from 'vike/types';

/** /collections is the same listing as /shop (its own title and description, see +title.ts). */
export default (pageContext: PageContextServer) => pageContext.urlPathname === '/shop' || pageContext.urlPathname === '/collections';
