import type { SearchResult } from '../../../contracts/search.ts';
import { searchUrl } from './search-url.ts';
import { categoryPath, productPath } from '../../../contracts/shop-paths.ts';

/** One choice in the header search's list: a product, a category, or "all results". */
export type SearchOption =
  | { kind: 'product'; key: string; href: string; product: SearchResult['products'][number] }
  | { kind: 'category'; key: string; href: string; category: SearchResult['categories'][number] }
  | { kind: 'all'; key: string; href: string; query: string };

/** The list in the order the arrow keys walk it: products, categories, then every result on /shop. */
export function searchOptions(result: SearchResult): SearchOption[] {
  return [
    ...result.products.map(
      (product): SearchOption => ({
        kind: 'product',
        key: `p-${product.id}`,
        href: productPath(product.slug),
        product,
      }),
    ),
    ...result.categories.map(
      (category): SearchOption => ({
        kind: 'category',
        key: `c-${category.slug}`,
        href: categoryPath(category.slug),
        category,
      }),
    ),
    { kind: 'all', key: 'all', href: searchUrl(result.query), query: result.query },
  ];
}
