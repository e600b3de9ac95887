import type { Product, Variant } from '../../contracts/catalogue.ts';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { btn } from './ui.ts';

/**
 * The product card's Add to Cart (quantity 1, the first variant), composed here so that the catalogue
 * feature never imports the cart feature.
 */
export function renderCardAction(product: Product, variants: readonly Variant[] | undefined) {
  return (
    <AddToCartButton
      product={product}
      variant={variants?.[0]}
      quantity={1}
      intent="card"
      className={`${btn.small} w-full py-2.5`}
    />
  );
}
