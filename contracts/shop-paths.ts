/**
 * The addresses of the shop's catalogue pages, written once: how to make one and how to recognise
 * one. The pages' routes, their links (pages, sitemap, mail), the cart forms' "back to the product"
 * and the answer cache's key and drop rules all go through here, so they cannot drift apart.
 *
 * Recognising takes a URL's path (no query) as the caller has it, decoded or not; a trailing slash
 * is allowed, as the pages' router allows it. A slug is returned as it stands in the path.
 */

/** The listing of every product (its query: contracts/listing-query.ts). */
export const SHOP_PATH = '/shop';
/** The same listing under the collections' title and description. */
export const COLLECTIONS_PATH = '/collections';

const CATEGORY_PAGE = /^\/category\/([^/]+)\/?$/;

/** A category's listing page. */
export const categoryPath = (slug: string): string => `/category/${encodeURIComponent(slug)}`;

/** The slug of the category page at `pathname`, or null when it is not one. */
export function categoryPageSlug(pathname: string): string | null {
  return CATEGORY_PAGE.exec(pathname)?.[1] ?? null;
}

/** Whether `pathname` is a product listing (/shop, /collections, /category/{slug}): the pages that read the listing query. */
export function isListingPath(pathname: string): boolean {
  const bare = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return bare === SHOP_PATH || bare === COLLECTIONS_PATH || categoryPageSlug(pathname) !== null;
}

/** The product page is /product/{slug}; /products/{slug} is the same page (links in the wild use both). */
const PRODUCT_PAGE = /^\/products?\/([^/]+)\/?$/;

/** The variant a product page opens on: its query names the size and colour (either may be left out). */
export interface ProductChoice {
  size?: string | undefined;
  color?: string | undefined;
}

/** A product page's query for a choice: '' for none, else '?size=...&color=...' (in that order). */
export function productQuery(choice: ProductChoice): string {
  const params = new URLSearchParams();
  if (choice.size !== undefined) params.set('size', choice.size);
  if (choice.color !== undefined) params.set('color', choice.color);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** A product's page, optionally opening on a size and colour. */
export function productPath(slug: string, choice: ProductChoice = {}): string {
  return `/product/${encodeURIComponent(slug)}${productQuery(choice)}`;
}

/** The slug of the product page at `pathname` (either of its routes), or null when it is not one. */
export function productPageSlug(pathname: string): string | null {
  return PRODUCT_PAGE.exec(pathname)?.[1] ?? null;
}

/** The size and colour a product page's query names, as written (null when absent). */
export function productChoiceOf(params: URLSearchParams): { size: string | null; color: string | null } {
  return { size: params.get('size'), color: params.get('color') };
}
