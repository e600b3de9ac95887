import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueCache } from '../../projections/catalogue/catalogue.cache.ts';
import { productPageSlug } from '../../contracts/shop-paths.ts';
import type { AnswerCache } from './answer-cache.ts';

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
/** One product, by slug: the API's `/api/products/:slug` (not its lists); its page: `productPageSlug`. */
const ONE_PRODUCT_API = /^\/api\/products\/([^/]+)\/?$/;
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
    const slug = ONE_PRODUCT_API.exec(path)?.[1] ?? productPageSlug(path);
    if (slug !== null) return slugs.has(slug);
    return path.startsWith('/api/') && !STOCK_FREE_API.test(path);
  };
}

/**
 * The cache follows the catalogue: a stock movement drops the answers that show the moved products'
 * stock (docs/decisions/0027); a size or colour going in or out of stock, or the catalogue itself
 * changing, drops every answer.
 */
export function dropAnswersOnCatalogueChange(
  catalogue: CatalogueCache,
  answerCache: Pick<AnswerCache, 'drop' | 'clear'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): void {
  catalogue.onChange((version, change) => {
    if (change.kind === 'stock' && !change.availability) {
      answerCache.drop(answersShowingStockOf([...change.productIds].flatMap((id) => catalogue.productById(id) ?? [])));
      return;
    }
    answerCache.clear();
    if (change.kind === 'catalogue') log.info({ version }, 'catalogue changed: reloaded, answer cache cleared');
  });
}
