import type { PageContextServer } from 'vike/types';
import { productPageSlug } from '../../../../contracts/shop-paths.ts';

/** The product page answers at /product/{slug} and at /products/{slug}: links in the wild use both (contracts/shop-paths.ts). */
export default (pageContext: PageContextServer) => {
  const slug = productPageSlug(pageContext.urlPathname);
  return slug === null ? false : { routeParams: { slug } };
};
