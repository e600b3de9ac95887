import type { Product, Variant } from '../../../contracts/catalogue.ts';
import type { CatalogueReader } from '../../../projections/catalogue/catalogue.reader.ts';

/** Each listed product's variants, by product id: cards draw their swatches and Add to Cart from them. */
export type VariantsByProduct = Record<number, Variant[]>;

/**
 * Server side, for +data hooks: the variants of the products a page shows, read from the in-memory
 * catalogue and sent with the page data, so no card asks the API for them after load.
 */
export function variantsByProduct(catalogue: CatalogueReader, products: readonly Product[]): VariantsByProduct {
  const byProduct: VariantsByProduct = {};
  for (const product of products) byProduct[product.id] = [...catalogue.variants(product.id)];
  return byProduct;
}
