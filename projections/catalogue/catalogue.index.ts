import type { Category, Product, ProductQuery, Testimonial, Variant } from '../../contracts/catalogue.ts';
import { categoryMatcher, productMatcher } from '../../contracts/product-search.ts';
import type { CatalogueReader } from './catalogue.reader.ts';

export interface CatalogueSnapshot {
  version: number;
  categories: Category[];
  products: Product[];
  variants: Variant[];
  testimonials: Testimonial[];
  /** category slug → product ids, in listing order */
  membership: Map<string, number[]>;
}

const priceOf = (p: Product) => Number(p.price);

/** "Featured" order: featured first, then bestsellers, then by id. */
function byFeatured(a: Product, b: Product): number {
  return Number(b.featured) - Number(a.featured) || Number(b.bestSeller) - Number(a.bestSeller) || a.id - b.id;
}

const SORTS: Record<NonNullable<ProductQuery['sort']> | 'featured', (a: Product, b: Product) => number> = {
  featured: byFeatured,
  price_asc: (a, b) => priceOf(a) - priceOf(b) || a.id - b.id,
  price_desc: (a, b) => priceOf(b) - priceOf(a) || a.id - b.id,
  newest: (a, b) => b.id - a.id,
  name_asc: (a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id,
};

/** Pure: builds the lookups every read needs once, so each request is a map access or a filter. */
export function createCatalogueIndex(snapshot: CatalogueSnapshot): CatalogueReader {
  const featuredOrder = [...snapshot.products].sort(byFeatured);
  const bySlug = new Map(snapshot.products.map((p) => [p.slug, p]));
  const byId = new Map(snapshot.products.map((p) => [p.id, p]));
  const categoryBySlug = new Map(snapshot.categories.map((c) => [c.slug, c]));
  const variantsByProduct = new Map<number, Variant[]>();
  for (const variant of snapshot.variants) {
    const list = variantsByProduct.get(variant.productId) ?? [];
    list.push(variant);
    variantsByProduct.set(variant.productId, list);
  }
  const variantById = new Map(snapshot.variants.map((v) => [v.id, v]));
  const inCategory = new Map(
    [...snapshot.membership.entries()].map(([slug, ids]) => [slug, ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined).sort(byFeatured)]),
  );
  const bestsellers = featuredOrder.filter((p) => p.bestSeller);
  // Ties among matches keep the featured order.
  const productSearch = productMatcher(featuredOrder);
  const categorySearch = categoryMatcher(snapshot.categories);

  return {
    version: snapshot.version,
    categories: () => snapshot.categories,
    category: (slug) => categoryBySlug.get(slug),
    products(query = {}) {
      const sort = query.sort ?? 'featured';
      const search = query.search?.trim();
      const found = search ? productSearch.search(search).map((hit) => hit.item) : featuredOrder;
      return sort === 'featured' ? found : [...found].sort(SORTS[sort]);
    },
    search: (query, limit) => ({ products: productSearch.search(query, limit), categories: categorySearch.search(query, limit) }),
    productsInCategory: (slug) => (categoryBySlug.has(slug) ? (inCategory.get(slug) ?? []) : undefined),
    bestsellers: () => bestsellers,
    product: (slug) => bySlug.get(slug),
    productById: (id) => byId.get(id),
    variants: (productId) => variantsByProduct.get(productId) ?? [],
    variant: (variantId) => variantById.get(variantId),
    testimonials: () => snapshot.testimonials,
  };
}
