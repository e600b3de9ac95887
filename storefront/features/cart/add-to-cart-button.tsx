import type { Product, Variant } from '../../../contracts/catalogue.ts';

/**
 * PLACEHOLDER (Storefront I) — the Storefront II engineer replaces the behaviour (POST /api/cart, toasts,
 * Buy Now → /checkout) and keeps these props, which the catalogue pages pass:
 * - intent 'card': a product card's button (quantity 1, the first variant; with no variants it stays
 *   enabled and its click shows 'No variants available for this product').
 * - intent 'add' / 'buy-now': the product page's Add to Cart / Buy Now (the selected variant and
 *   quantity; disabled while no variant is selected).
 */
export interface AddToCartButtonProps {
  product: Product;
  variant: Variant | undefined;
  quantity?: number;
  intent?: 'card' | 'add' | 'buy-now';
  className?: string;
}

export function AddToCartButton({ product, variant, intent = 'card', className }: AddToCartButtonProps) {
  const disabled = intent !== 'card' && variant === undefined;
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      data-product-id={product.id}
      data-variant-id={variant?.id}
    >
      {intent === 'buy-now' ? 'Buy Now' : 'Add to Cart'}
    </button>
  );
}
