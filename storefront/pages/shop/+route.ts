import type { PageContextServer } from 'vike/types';
import { COLLECTIONS_PATH, SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** /collections is the same listing as /shop (its own title and description, see +title.ts). */
export default (pageContext: PageContextServer) =>
  pageContext.urlPathname === SHOP_PATH || pageContext.urlPathname === COLLECTIONS_PATH;
