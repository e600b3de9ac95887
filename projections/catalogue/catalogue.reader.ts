import type { Category, Product, ProductQuery, Testimonial, Variant } from '../../contracts/catalogue.ts';
import type { SearchHit } from '../../contracts/product-search.ts';

/**
 * Read access to the catalogue. The catalogue is small and changes only when seeded, so it is held in
 * memory (see catalogue.cache.ts) and every read is synchronous. Both the /api routes and the
 * storefront's server-side +data hooks read through this one interface.
 */
export interface CatalogueReader {
  /** Bumped by every seed that changes the catalogue. */
  readonly version: number;
  categories(): readonly Category[];
  category(slug: string): Category | undefined;
  /** All products, filtered by `search` (the shop's matcher, contracts/product-search.ts) and ordered by `sort` (default: best match, then featured first). */
  products(query?: ProductQuery): readonly Product[];
  /** The best few products and categories for a query, with the matched parts of their names. */
  search(query: string, limit: number): { products: SearchHit<Product>[]; categories: SearchHit<Category>[] };
  /** Products listed under a category; undefined when the category does not exist. */
  productsInCategory(slug: string): readonly Product[] | undefined;
  bestsellers(): readonly Product[];
  product(slug: string): Product | undefined;
  productById(id: number): Product | undefined;
  /** A product's variants, their stock as shoppers are shown it (banded: contracts/stock-bands.ts). */
  variants(productId: number): readonly Variant[];
  variant(variantId: number): Variant | undefined;
  /** A variant's exact live stock, for the cart's rules (what answers show is `variant(id).stock`). */
  stockOf(variantId: number): number | undefined;
  testimonials(): readonly Testimonial[];
}
