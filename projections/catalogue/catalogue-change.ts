import type { Variant } from '../../contracts/catalogue.ts';

/**
 * What a reload of the catalogue changed: all of it (a seed), or only live stock, with the products
 * whose variants moved and whether any variant went in or out of stock (which listings show).
 */
export type StockChange = { kind: 'stock'; productIds: ReadonlySet<number>; availability: boolean };
export type CatalogueChange = { kind: 'catalogue' } | StockChange;

/** Pure: the stock change between two lists of the same variants (a variant only in one counts as moved). */
export function stockChange(before: readonly Variant[], after: readonly Variant[]): StockChange {
  const was = new Map(before.map((v) => [v.id, v]));
  const productIds = new Set<number>();
  let availability = before.length !== after.length;
  for (const variant of after) {
    const old = was.get(variant.id);
    if (old?.stock === variant.stock) continue;
    productIds.add(variant.productId);
    if (!old || old.stock > 0 !== variant.stock > 0) availability = true;
  }
  return { kind: 'stock', productIds, availability };
}
