import type { Category, Product, ProductRecord, Testimonial, Variant } from '../../contracts/catalogue.ts';
import { byFeatured, sortedProducts } from '../../contracts/product-order.ts';
import { type Matcher, categoryMatcher, productMatcher } from '../../contracts/product-search.ts';
import type { CatalogueReader } from './catalogue.reader.ts';

export interface CatalogueSnapshot {
  version: number;
  categories: Category[];
  products: ProductRecord[];
  variants: Variant[];
  testimonials: Testimonial[];
  /** category slug → product ids, in listing order */
  membership: Map<string, number[]>;
}

/**
 * The search's prepared words, per list of product records and of categories. They read names and
 * descriptions only, and a reload that moved stock alone keeps the same lists, so every order's
 * reload reuses them: preparing them is most of an index's build.
 */
const productMatchers = new WeakMap<readonly ProductRecord[], Matcher<ProductRecord>>();
const categoryMatchers = new WeakMap<readonly Category[], Matcher<Category>>();

function matcherOf<K extends object, M>(kept: WeakMap<K, M>, key: K, make: (key: K) => M): M {
  let matcher = kept.get(key);
  if (!matcher) kept.set(key, (matcher = make(key)));
  return matcher;
}

/** Builds the lookups every read needs once, so each request is a map access or a filter (the search's words kept as above). */
export function createCatalogueIndex(snapshot: CatalogueSnapshot): CatalogueReader {
  const variantsByProduct = new Map<number, Variant[]>();
  for (const variant of snapshot.variants) {
    const list = variantsByProduct.get(variant.productId) ?? [];
    list.push(variant);
    variantsByProduct.set(variant.productId, list);
  }
  // Every product carries its variants, in the snapshot's order.
  const products: Product[] = snapshot.products.map((p) => ({ ...p, variants: variantsByProduct.get(p.id) ?? [] }));
  const featuredOrder = [...products].sort(byFeatured);
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const byId = new Map(products.map((p) => [p.id, p]));
  const categoryBySlug = new Map(snapshot.categories.map((c) => [c.slug, c]));
  const variantById = new Map(snapshot.variants.map((v) => [v.id, v]));
  const inCategory = new Map(
    [...snapshot.membership.entries()].map(([slug, ids]) => [slug, ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined).sort(byFeatured)]),
  );
  const bestsellers = featuredOrder.filter((p) => p.bestSeller);
  // Ties among matches keep the featured order. A hit names the record; the answer is the product with its variants now.
  const productSearch = matcherOf(productMatchers, snapshot.products, (records) => productMatcher([...records].sort(byFeatured)));
  const categorySearch = matcherOf(categoryMatchers, snapshot.categories, categoryMatcher);
  const productHits = (query: string, limit?: number) => productSearch.search(query, limit).map((hit) => ({ ...hit, item: byId.get(hit.item.id)! }));

  return {
    version: snapshot.version,
    categories: () => snapshot.categories,
    category: (slug) => categoryBySlug.get(slug),
    products(query = {}) {
      const sort = query.sort ?? 'featured';
      const search = query.search?.trim();
      const found = search ? productHits(search).map((hit) => hit.item) : featuredOrder;
      return sortedProducts(found, sort);
    },
    search: (query, limit) => ({ products: productHits(query, limit), categories: categorySearch.search(query, limit) }),
    productsInCategory: (slug) => (categoryBySlug.has(slug) ? (inCategory.get(slug) ?? []) : undefined),
    bestsellers: () => bestsellers,
    product: (slug) => bySlug.get(slug),
    productById: (id) => byId.get(id),
    variants: (productId) => variantsByProduct.get(productId) ?? [],
    variant: (variantId) => variantById.get(variantId),
    testimonials: () => snapshot.testimonials,
  };
}
