import { useEffect, useState } from 'react';
import type { Product, ProductSort } from '../../../../contracts/catalogue.ts';

/** What /shop asks the API for: the search box's text and the sort (undefined: best match, then featured). */
export interface ProductListParams {
  search: string;
  sort: ProductSort | undefined;
}

export type ProductListResult =
  | { status: 'success'; products: Product[] }
  | { status: 'pending'; products?: undefined }
  | { status: 'error'; products?: undefined };

/** The query string of GET /api/products for `params`; it also tells two lists apart. */
export function productListQuery(params: ProductListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.sort) query.set('sort', params.sort);
  return query.toString();
}

/** What the browser last fetched, and for which query. */
export type FetchedList = { query: string; products: Product[] } | { query: string; failed: true };

/**
 * The list to show for `query`: the page data's when it answers that query, the last fetch's when it
 * does, else pending (the fetch for it is on its way).
 */
export function productListFor(
  query: string,
  served: { query: string; products: Product[] },
  fetched: FetchedList | null,
): ProductListResult {
  if (query === served.query) return { status: 'success', products: served.products };
  if (fetched?.query !== query) return { status: 'pending' };
  return 'failed' in fetched ? { status: 'error' } : { status: 'success', products: fetched.products };
}

const api = () => import('../catalogue.fetch.ts');

/**
 * /shop's products for a search and sort. The page data answers the URL the page was served for;
 * any other search or sort is fetched from /api/products, and a newer one aborts the fetch before it.
 * A failed fetch is not retried: the next search or sort fetches again.
 */
export function useProductList(
  params: ProductListParams,
  served: { params: ProductListParams; products: Product[] },
): ProductListResult {
  const query = productListQuery(params);
  const servedQuery = productListQuery(served.params);
  const [fetched, setFetched] = useState<FetchedList | null>(null);

  useEffect(() => {
    if (query === servedQuery) return;
    const controller = new AbortController();
    api()
      .then(({ fetchProducts }) => fetchProducts(query, controller.signal))
      .then(
        (products) => setFetched({ query, products }),
        () => {
          if (!controller.signal.aborted) setFetched({ query, failed: true });
        },
      );
    return () => controller.abort();
  }, [query, servedQuery]);

  return productListFor(query, { query: servedQuery, products: served.products }, fetched);
}
