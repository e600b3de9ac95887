import type { ReactNode } from 'react';
import type { CartItem } from '../../../contracts/cart.ts';
import { CART_MESSAGES } from '../../../contracts/shop-messages.ts';
import { SIZE_LABELS } from '../../../contracts/sizes.ts';
import { productPath } from '../../../contracts/shop-paths.ts';

/** The product page of one variant (the page opens on the size and colour the address names). */
export function variantPageHref(
  product: Pick<CartItem['product'], 'slug'>,
  variant: Pick<CartItem['variant'], 'size' | 'color'>,
): string {
  return productPath(product.slug, { size: variant.size, color: variant.color });
}

/**
 * 'Added to cart!' says what was added. A card's button adds a variant the shopper did not pick (the
 * first in stock), so its toast names the size and colour, with a link to choose another on the product page.
 */
export function addedDescription({
  product,
  variant,
  source,
}: {
  product: CartItem['product'];
  variant: CartItem['variant'];
  source: string;
}): ReactNode {
  const sentence = CART_MESSAGES.addedDescription(product.name);
  if (source !== 'card') return sentence;
  return (
    <>
      <span className="block">{sentence}</span>{' '}
      <span className="block" data-testid="added-variant">
        Size {SIZE_LABELS[variant.size]}, {variant.color}.{' '}
        <a href={variantPageHref(product, variant)} className="font-bold text-brand-800 underline underline-offset-2">
          Change size or colour
        </a>
      </span>
    </>
  );
}
