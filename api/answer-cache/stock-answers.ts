/** A product a stock movement moved, as its answers name it: by slug in pages and the API, by id in its variants' route. */
export interface MovedProduct {
  id: number;
  slug: string;
}

/** A kept answer's path as the routers read it (escapes decoded), so `/%70roduct/rex` is the product page of `rex`. */
function decodedPath(key: string): string {
  const path = key.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Catalogue API answers that never carry stock. Every other /api answer is assumed to. */
const STOCK_FREE_API = /^\/api\/(categories(\/[^/]+)?|testimonials)\/?$/;
const PRODUCT_VARIANTS_API = /^\/api\/products\/([^/]+)\/variants\/?$/;
/** One product, by slug: the API's `/api/products/:slug` (not its lists) and the product page. */
const ONE_PRODUCT = /^\/(?:api\/products|products?)\/([^/]+)\/?$/;
const PRODUCT_LISTS_API = /^\/api\/products\/(bestsellers|category\/[^/]+)\/?$|^\/api\/products\/?$/;

/**
 * Which kept answers a stock movement makes wrong: the catalogue API's product lists (each product
 * carries its variants' stock), the moved products' own API answers and pages (the stepper's
 * maximum, "Only N left"), and any /api answer not known to be free of stock. Listings and the home
 * page show only whether a size or colour is in stock, so they go only when that flips (the whole
 * cache goes then); until then their page data keeps the counts it was drawn with, and the cart and
 * checkout, which act on counts, read the live stock.
 */
export function answersShowingStockOf(moved: Iterable<MovedProduct>): (key: string) => boolean {
  const slugs = new Set<string>();
  const ids = new Set<string>();
  for (const product of moved) {
    slugs.add(product.slug);
    ids.add(String(product.id));
  }
  return (key) => {
    const path = decodedPath(key);
    if (PRODUCT_LISTS_API.test(path)) return true;
    // The id as the route's schema reads it: `/api/products/01/variants` is product 1.
    const variants = PRODUCT_VARIANTS_API.exec(path);
    if (variants) return ids.has(String(Number(variants[1])));
    const product = ONE_PRODUCT.exec(path);
    if (product) return slugs.has(product[1]!);
    return path.startsWith('/api/') && !STOCK_FREE_API.test(path);
  };
}
