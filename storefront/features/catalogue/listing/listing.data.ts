import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { apiSort, parseListingQuery } from '../../../lib/filters.ts';
import { CataloguePrefill } from '../catalogue.prefill.ts';

/** Server data of /shop and /collections: the product list the URL's search and sort ask for. */
export function allProductsData(pageContext: PageContextServer) {
  const state = parseListingQuery(new URLSearchParams(pageContext.urlParsed.searchOriginal ?? ''));
  const prefill = new CataloguePrefill(pageContext.services.catalogue);
  prefill.categories();
  prefill.products(state.search, apiSort(state.sort));
  return { dehydratedState: prefill.dehydrate() };
}

/** Server data of /category/{slug}: the category and its products; 404 for an unknown slug. */
export function categoryData(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? '';
  const prefill = new CataloguePrefill(pageContext.services.catalogue);
  const category = prefill.category(slug);
  if (!category || !prefill.categoryProducts(slug)) throw render(404);
  prefill.categories();
  return {
    dehydratedState: prefill.dehydrate(),
    title: `${category.name} Collection - DinoBooty`,
    description: category.description,
  };
}
