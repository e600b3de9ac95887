import { resolveRoute } from 'vike/routing';
import type { PageContextServer } from 'vike/types';

/** The product page answers at /product/{slug} and at /products/{slug}: links in the wild use both. */
export default (pageContext: PageContextServer) => {
  for (const route of ['/product/@slug', '/products/@slug']) {
    const { match, routeParams } = resolveRoute(route, pageContext.urlPathname);
    if (match) return { routeParams };
  }
  return false;
};
