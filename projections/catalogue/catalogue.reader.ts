import type { Category, Product, ProductQuery, Testimonial, Variant } from '../../contracts/catalogue.ts';

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
  /** All products, filtered by `search` (name or description, case-insensitive) and ordered by `sort` (default: featured first). */
  products(query?: ProductQuery): readonly Product[];
  /** Products listed under a category; undefined when the category does not exist. */
  productsInCategory(slug: string): readonly Product[] | undefined;
  bestsellers(): readonly Product[];
  product(slug: string): Product | undefined;
  productById(id: number): Product | undefined;
  variants(productId: number): readonly Variant[];
  variant(variantId: number): Variant | undefined;
  testimonials(): readonly Testimonial[];
}
