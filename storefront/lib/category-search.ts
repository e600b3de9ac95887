import type { Product } from '../../contracts/catalogue.ts';
import { sortedProducts } from '../../contracts/product-order.ts';
import { productMatcher } from '../../contracts/product-search.ts';
import type { ListingState } from '../../contracts/listing-query.ts';

/**
 * A category page's list as the listing shows it before the sidebar filters: searched and sorted in
 * the browser (its list is the page's data), with the API's own matcher and orders, so "trex" finds
 * the T-Rex here as on /shop. Only category pages load it: /shop gets its list searched and sorted.
 */
export function arrangeCategory(
  products: readonly Product[],
  state: Pick<ListingState, 'search' | 'sort'>,
): readonly Product[] {
  const search = state.search.trim();
  // A category holds a few dozen products at most: preparing their words per search costs nothing to speak of.
  return sortedProducts(
    search
      ? productMatcher(products)
          .search(search)
          .map((hit) => hit.item)
      : products,
    state.sort,
  );
}
