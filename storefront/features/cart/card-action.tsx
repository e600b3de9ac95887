import type { Product } from '../../../contracts/catalogue.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { cardVariant, isProductSoldOut } from '../../lib/variant-selection.ts';
import { btn } from '../../components/ui.ts';

/**
 * The product card's Add to Cart (quantity 1, the first variant in stock: its toast says which), composed
 * here so that the catalogue feature never imports the cart feature. A product with no stock at all
 * cannot be added: its card says 'Sold out'.
 */
export function renderCardAction(product: Product) {
  const className = `${btn.small} w-full py-2.5`;
  if (isProductSoldOut(product.variants)) {
    return (
      <button type="button" disabled className={className}>
        Sold out<span className="sr-only">: {product.name}</span>
      </button>
    );
  }
  return (
    <AddToCartButton
      product={product}
      variant={cardVariant(product.variants)}
      quantity={1}
      intent="card"
      className={className}
    />
  );
}
