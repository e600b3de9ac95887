import type { Highlight as Range } from '../../contracts/product-search.ts';
import { SEARCH_LIMIT, type Highlight, type SearchResult } from '../../contracts/search.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';

const highlights = (ranges: readonly Range[]): Highlight[] => ranges.map(([start, end]) => ({ start, end }));

/** The instant search's answer: the best products and categories for `q`, in API shape. */
export function searchResult(catalogue: CatalogueReader, q: string): SearchResult {
  const found = catalogue.search(q, SEARCH_LIMIT);
  return {
    query: q,
    products: found.products.map(({ item, highlights: ranges }) => ({
      id: item.id,
      name: item.name,
      slug: item.slug,
      price: item.price,
      imageUrl: item.imageUrl,
      highlights: highlights(ranges),
    })),
    categories: found.categories.map(({ item, highlights: ranges }) => ({
      name: item.name,
      slug: item.slug,
      highlights: highlights(ranges),
    })),
  };
}
