import type { CartLine } from '../domain/cart/cart.decider.ts';
import { cartFromLines } from '../projections/carts/cart-view.ts';
import { lineTotalCents } from '../contracts/cart-rules.ts';
import { decimalToCents, formatCents } from '../contracts/money-format.ts';
import { QUANTITY_MARK, lineLabel } from '../contracts/order-presentation.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';

export interface DescribedLine {
  lineId: string;
  productId: number;
  variantId: number;
  quantity: number;
  /** Null when the product or variant is no longer in the catalogue (a reset removed it). */
  product: string | null;
  size: string | null;
  color: string | null;
  unitPriceCents: number | null;
  lineTotalCents: number | null;
}

export interface PricedCart {
  lines: DescribedLine[];
  itemCount: number;
  /** Integer cents, at today's catalogue prices; lines whose product is gone count for nothing (as in the API). */
  totalCents: number;
}

/**
 * A cart's lines with names and prices from the catalogue, every line shown (one whose product is gone
 * too, as such), with the totals the cart API gives, from the API's own view of the cart.
 */
export function priceCart(
  lines: readonly CartLine[],
  catalogue: Pick<CatalogueReader, 'productById' | 'variant' | 'stockOf'>,
): PricedCart {
  const cart = cartFromLines('', lines, catalogue);
  const priced = lines.map((line): DescribedLine => {
    const product = catalogue.productById(line.productId);
    const variant = catalogue.variant(line.variantId);
    const inCatalogue = product && variant ? { quantity: line.quantity, product } : undefined;
    return {
      lineId: line.lineId,
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      product: product?.name ?? null,
      size: variant?.size ?? null,
      color: variant?.color ?? null,
      unitPriceCents: inCatalogue ? decimalToCents(inCatalogue.product.price) : null,
      lineTotalCents: inCatalogue ? lineTotalCents(inCatalogue) : null,
    };
  });
  return { lines: priced, itemCount: cart.itemCount, totalCents: decimalToCents(cart.total) };
}

/** "2 × Tiny Arms Briefs (M, Jungle Green) at $24.99 = $49.98" */
export function describeLine(line: DescribedLine): string {
  if (line.product === null || line.unitPriceCents === null || line.lineTotalCents === null) {
    return `${line.quantity} × product #${line.productId}, variant #${line.variantId} (no longer in the catalogue)`;
  }
  return `${line.quantity} ${QUANTITY_MARK} ${lineLabel({ name: line.product, size: line.size ?? '', color: line.color ?? '' })} at ${formatCents(line.unitPriceCents)} = ${formatCents(line.lineTotalCents)}`;
}
