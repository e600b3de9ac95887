import type { Product } from '../../../contracts/catalogue.ts';
import type { CatalogueReader } from '../../../projections/catalogue/catalogue.reader.ts';
import type { CatalogueState } from './catalogue-cache.tsx';
import { catalogueKeys } from './catalogue.queries.ts';

/** The answers a page's server data carries, by key (what <CatalogueData state> puts in the cache). */
class Answers {
  readonly #entries: Array<readonly [readonly unknown[], unknown]> = [];

  setQueryData(queryKey: readonly unknown[], data: unknown): void {
    this.#entries.push([queryKey, data]);
  }

  state(): CatalogueState {
    return this.#entries;
  }
}

/**
 * Server side of the catalogue reads: +data hooks read the in-memory catalogue (never HTTP to
 * themselves) and put the answers under the same keys the browser's useCatalogueQuery uses.
 */
export class CataloguePrefill {
  readonly client = new Answers();

  constructor(private readonly catalogue: CatalogueReader) {}

  categories() {
    const categories = [...this.catalogue.categories()];
    this.client.setQueryData(catalogueKeys.categories, categories);
    return categories;
  }

  category(slug: string) {
    const category = this.catalogue.category(slug);
    if (category) this.client.setQueryData(catalogueKeys.category(slug), category);
    return category;
  }

  products(search: string, sort: Parameters<typeof catalogueKeys.products>[0]['sort']) {
    const query = { ...(search ? { search } : {}), ...(sort ? { sort } : {}) };
    const products = [...this.catalogue.products(query)];
    this.client.setQueryData(catalogueKeys.products({ search, sort }), products);
    this.variantsFor(products);
    return products;
  }

  categoryProducts(slug: string) {
    const found = this.catalogue.productsInCategory(slug);
    if (!found) return undefined;
    const products = [...found];
    this.client.setQueryData(catalogueKeys.categoryProducts(slug), products);
    this.variantsFor(products);
    return products;
  }

  bestsellers() {
    const products = [...this.catalogue.bestsellers()];
    this.client.setQueryData(catalogueKeys.bestsellers, products);
    this.variantsFor(products);
    return products;
  }

  product(slug: string) {
    const product = this.catalogue.product(slug);
    if (!product) return undefined;
    this.client.setQueryData(catalogueKeys.product(slug), product);
    const variants = this.variantsFor([product]);
    return { product, variants: variants.get(product.id) ?? [] };
  }

  testimonials() {
    const testimonials = [...this.catalogue.testimonials()];
    this.client.setQueryData(catalogueKeys.testimonials, testimonials);
    return testimonials;
  }

  /** Each product card shows swatches, so each card's variants query is filled too. */
  variantsFor(products: readonly Product[]) {
    const byProduct = new Map<number, ReturnType<CatalogueReader['variants']>>();
    for (const product of products) {
      const variants = [...this.catalogue.variants(product.id)];
      this.client.setQueryData(catalogueKeys.variants(product.id), variants);
      byProduct.set(product.id, variants);
    }
    return byProduct;
  }

  /** The page's catalogue state, for <CatalogueData state={...}>. */
  dehydrate(): CatalogueState {
    return this.client.state();
  }
}
