import type { Cart, CartItem } from '../../contracts/cart.ts';
import { cartOf } from '../../contracts/cart-rules.ts';
import type { CatalogueReader } from '../catalogue/catalogue.reader.ts';
import type { CartLineRow } from './carts.queries.ts';

/** Cart lines (from the read model or a folded stream) in API shape, priced from the catalogue, with each variant's exact stock (the cart's stepper bound). */
export function cartFromLines(
  cartId: string,
  lines: readonly CartLineRow[],
  catalogue: Pick<CatalogueReader, 'productById' | 'variant' | 'stockOf'>,
): Cart {
  const items: CartItem[] = [];
  for (const line of lines) {
    const product = catalogue.productById(line.productId);
    const variant = catalogue.variant(line.variantId);
    // A product removed from the catalogue by a reset drops out of the cart view (its events stay).
    if (!product || !variant) continue;
    items.push({
      id: line.lineId,
      quantity: line.quantity,
      product: {
        id: product.id,
        name: product.name,
        slug: product.slug,
        imageUrl: product.imageUrl,
        price: product.price,
      },
      variant: {
        id: variant.id,
        color: variant.color,
        colorHex: variant.colorHex,
        size: variant.size,
        stock: catalogue.stockOf(variant.id) ?? 0,
      },
    });
  }
  return cartOf(cartId, items);
}
