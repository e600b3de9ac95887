import { AddToCartButton } from './add-to-cart-button.tsx';
import type { ProductActionsContext } from '../catalogue/product-detail/product-detail.tsx';
import { btn } from '../../components/ui.ts';

/** The product page's Add to Cart and Buy Now, composed here so catalogue never imports cart. */
export function renderProductActions({ product, variant, quantity }: ProductActionsContext) {
  return (
    <>
      <AddToCartButton
        product={product}
        variant={variant}
        quantity={quantity}
        intent="add"
        className={`${btn.primary} h-14 w-full text-base`}
      />
      <AddToCartButton
        product={product}
        variant={variant}
        quantity={quantity}
        intent="buy-now"
        className={`${btn.accent} h-14 w-full text-base`}
      />
    </>
  );
}
