import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { Category, Product } from '../../../../contracts/catalogue.ts';
import { apiSort } from '../../../lib/filters.ts';
import { parseListingQuery } from '../../../../contracts/listing-query.ts';
import type { ProductListParams } from './product-list.ts';

interface ListingBase {
  /** Every category, for the pills above the grid. */
  categories: Category[];
  products: Product[];
}

/** /shop and /collections: the products the API's search and sort gave for `params` (the URL's, on the server). */
export interface AllProductsData extends ListingBase {
  kind: 'all';
  params: ProductListParams;
}

/** /category/{slug}: the category and all its products (search and sort run in the browser). */
export interface CategoryData extends ListingBase {
  kind: 'category';
  category: Category;
  title: string;
  description: string;
}

export type ListingData = AllProductsData | CategoryData;

/** Server data of /shop and /collections: the product list the URL's search and sort ask for. */
export function allProductsData(pageContext: PageContextServer): AllProductsData {
  const { catalogue } = pageContext.renderContext;
  const state = parseListingQuery(new URLSearchParams(pageContext.urlParsed.searchOriginal ?? ''));
  const params: ProductListParams = { search: state.search, sort: apiSort(state.sort) };
  const products = [
    ...catalogue.products({
      ...(params.search ? { search: params.search } : {}),
      ...(params.sort ? { sort: params.sort } : {}),
    }),
  ];
  return { kind: 'all', params, categories: [...catalogue.categories()], products };
}

/** Server data of /category/{slug}: the category and its products; 404 for an unknown slug. */
export function categoryData(pageContext: PageContextServer): CategoryData {
  const { catalogue } = pageContext.renderContext;
  const slug = pageContext.routeParams.slug ?? '';
  const category = catalogue.category(slug);
  const found = catalogue.productsInCategory(slug);
  if (!category || !found) throw render(404);
  const products = [...found];
  return {
    kind: 'category',
    category,
    categories: [...catalogue.categories()],
    products,
    title: `${category.name} Collection - DinoBooty`,
    description: category.description,
  };
}
