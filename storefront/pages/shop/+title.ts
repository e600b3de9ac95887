import type { PageContext } from 'vike/types';
import { COLLECTIONS_PATH } from '../../../contracts/shop-paths.ts';

export default (pageContext: PageContext) =>
  pageContext.urlPathname === COLLECTIONS_PATH ? 'Collections - DinoBooty' : 'Shop All Products - DinoBooty';
