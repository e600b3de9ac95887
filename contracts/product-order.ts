import type { Product, ProductSort } from './catalogue.ts';
import { decimalToCents } from './money-format.ts';

/**
 * The listing's orders, once, for the API and for category pages sorted in the browser. Free of
 * valibot (types and money-format only), so pages load none for it. Prices compare in cents.
 */

type Ordered = Pick<Product, 'id' | 'name' | 'price' | 'featured' | 'bestSeller'>;
const cents = (p: Ordered) => decimalToCents(p.price);

/** "Featured": featured first, then bestsellers, then by id. */
export function byFeatured(a: Ordered, b: Ordered): number {
  return Number(b.featured) - Number(a.featured) || Number(b.bestSeller) - Number(a.bestSeller) || a.id - b.id;
}

const ORDERS: Record<ProductSort, (a: Ordered, b: Ordered) => number> = {
  price_asc: (a, b) => cents(a) - cents(b) || a.id - b.id,
  price_desc: (a, b) => cents(b) - cents(a) || a.id - b.id,
  newest: (a, b) => b.id - a.id,
  name_asc: (a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id,
};

/** `products` in the `sort` order (a sorted copy); 'featured' keeps the order given (the catalogue's, or a search's ranking). */
export function sortedProducts<T extends Ordered>(
  products: readonly T[],
  sort: ProductSort | 'featured',
): readonly T[] {
  return sort === 'featured' ? products : [...products].sort(ORDERS[sort]);
}
