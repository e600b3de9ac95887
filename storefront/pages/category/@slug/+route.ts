import type { PageContextServer } from 'vike/types';
import { categoryPageSlug } from '../../../../contracts/shop-paths.ts';

/** A category's listing, /category/{slug} (contracts/shop-paths.ts). */
export default (pageContext: PageContextServer) => {
  const slug = categoryPageSlug(pageContext.urlPathname);
  return slug === null ? false : { routeParams: { slug } };
};
