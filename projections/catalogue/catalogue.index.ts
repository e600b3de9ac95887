import type { Category, Product, ProductRecord, Testimonial, Variant } from '../../contracts/catalogue.ts';
import { byFeatured, sortedProducts } from '../../contracts/product-order.ts';
import { categoryMatcher, productMatcher } from '../../contracts/product-search.ts';
import { shownStock } from '../../contracts/stock-bands.ts';
import type { StockLevel } from '../stock/stock.queries.ts';
import type { StockChange } from './catalogue-change.ts';
import type { CatalogueReader } from './catalogue.reader.ts';

export interface CatalogueSnapshot {
  version: number;
  categories: Category[];
  products: ProductRecord[];
  /** Each with its live stock, exact. */
  variants: Variant[];
  /** Units each variant's stock had moved by at the read (absent: none). */
  moved?: ReadonlyMap<number, number>;
  testimonials: Testimonial[];
  /** category slug → product ids, in listing order */
  membership: Map<string, number[]>;
}

export interface CatalogueIndex extends CatalogueReader {
  /**
   * Takes the given variants' live levels (the others keep theirs), ignoring a read older than the
   * one held (fewer units moved). Each exact count is kept for `stockOf`; a variant whose shown stock
   * changed is replaced in its product's list, nothing else is rebuilt. Answers what shoppers would
   * see change.
   */
  applyStock(levels: ReadonlyMap<number, StockLevel>): StockChange;
  /** The units moved to reach the level held for a variant (undefined: not in the catalogue). */
  unitsMovedOf(variantId: number): number | undefined;
}

/**
 * Builds the lookups every read needs once, so each request is a map access or a filter. Variants are
 * read with their stock as shoppers are shown it (contracts/stock-bands.ts); `stockOf` is the exact count.
 */
export function createCatalogueIndex(snapshot: CatalogueSnapshot): CatalogueIndex {
  const levels = new Map(
    snapshot.variants.map((v) => [v.id, { stock: v.stock, moved: snapshot.moved?.get(v.id) ?? 0 }]),
  );
  const variantsByProduct = new Map<number, Variant[]>();
  const variantById = new Map<number, Variant>();
  for (const exact of snapshot.variants) {
    const variant = { ...exact, stock: shownStock(exact.stock) };
    const list = variantsByProduct.get(variant.productId) ?? [];
    list.push(variant);
    variantsByProduct.set(variant.productId, list);
    variantById.set(variant.id, variant);
  }
  // Every product carries its variants' list, in the snapshot's order (the same array: a band change shows at once).
  const products: Product[] = snapshot.products.map((p) => ({ ...p, variants: variantsByProduct.get(p.id) ?? [] }));
  const featuredOrder = [...products].sort(byFeatured);
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const byId = new Map(products.map((p) => [p.id, p]));
  const categoryBySlug = new Map(snapshot.categories.map((c) => [c.slug, c]));
  const inCategory = new Map(
    [...snapshot.membership.entries()].map(([slug, ids]) => [
      slug,
      ids
        .map((id) => byId.get(id))
        .filter((p): p is Product => p !== undefined)
        .sort(byFeatured),
    ]),
  );
  const bestsellers = featuredOrder.filter((p) => p.bestSeller);
  // Ties among matches keep the featured order. A hit names the record; the answer is the product with its variants now.
  const productSearch = productMatcher([...snapshot.products].sort(byFeatured));
  const categorySearch = categoryMatcher(snapshot.categories);
  const productHits = (query: string, limit?: number) =>
    productSearch.search(query, limit).map((hit) => ({ ...hit, item: byId.get(hit.item.id)! }));

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
    search: (query, limit) => ({
      products: productHits(query, limit),
      categories: categorySearch.search(query, limit),
    }),
    productsInCategory: (slug) => (categoryBySlug.has(slug) ? (inCategory.get(slug) ?? []) : undefined),
    bestsellers: () => bestsellers,
    product: (slug) => bySlug.get(slug),
    productById: (id) => byId.get(id),
    variants: (productId) => variantsByProduct.get(productId) ?? [],
    variant: (variantId) => variantById.get(variantId),
    stockOf: (variantId) => levels.get(variantId)?.stock,
    unitsMovedOf: (variantId) => levels.get(variantId)?.moved,
    testimonials: () => snapshot.testimonials,
    applyStock(given) {
      const productIds = new Set<number>();
      let availability = false;
      for (const [id, level] of given) {
        const held = levels.get(id);
        if (!held || level.moved <= held.moved) continue;
        levels.set(id, level);
        const before = variantById.get(id)!;
        const stock = shownStock(level.stock);
        if (stock === before.stock) continue;
        const after = { ...before, stock };
        const list = variantsByProduct.get(before.productId)!;
        list[list.indexOf(before)] = after;
        variantById.set(id, after);
        productIds.add(before.productId);
        if (before.stock > 0 !== stock > 0) availability = true;
      }
      return { kind: 'stock', productIds, availability };
    },
  };
}
