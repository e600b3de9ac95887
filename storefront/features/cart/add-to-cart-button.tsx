import { useRef, useState, type MouseEvent } from 'react';
import { ReturnTo } from '../../lib/return-to.tsx';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { CART_MESSAGES } from '../../../contracts/shop-messages.ts';
import { preloadToaster, toast } from '../toast/toast.ts';
import { FORM_ACTIONS } from '../../../contracts/form-actions.ts';

/** The cart's mutations (TanStack Query) load on the first Add to Cart, not with the page. */
const loadCart = () => import('./use-cart.ts');

/**
 * Add to Cart / Buy Now. The catalogue pages pass:
 * - intent 'card': a product card's button (quantity 1, the first variant; with no variants it stays
 *   enabled and its click shows 'No variants available for this product').
 * - intent 'add' / 'buy-now': the product page's Add to Cart / Buy Now (the selected variant and
 *   quantity; disabled while no variant is selected). Buy Now goes on to /checkout once added.
 */
export interface AddToCartButtonProps {
  product: Product;
  variant: Variant | undefined;
  quantity?: number;
  intent?: 'card' | 'add' | 'buy-now';
  className?: string;
}

export function AddToCartButton({ product, variant, quantity = 1, intent = 'card', className }: AddToCartButtonProps) {
  // This button's last add is on its way (from the click until the server has answered).
  const [isPending, setPending] = useState(false);
  const pending = useRef(false);
  const noVariant = intent !== 'card' && variant === undefined;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enhanced: the add happens in place, the form is not sent.
    event.preventDefault();
    if (pending.current) return;
    if (variant === undefined) {
      toast.error('Error', {
        description: intent === 'card' ? CART_MESSAGES.noVariants : CART_MESSAGES.noVariant,
      });
      return;
    }
    pending.current = true;
    setPending(true);
    preloadToaster();
    const source = intent === 'card' ? 'card' : intent === 'add' ? 'product' : 'buy-now';
    void loadCart()
      .then((cart) => cart.addToCart(product, variant, intent === 'card' ? 1 : quantity, source))
      .catch(() => toast.error(CART_MESSAGES.failed.add, { description: CART_MESSAGES.tryAgain }))
      .finally(() => {
        pending.current = false;
        setPending(false);
      });
  };

  const label = intent === 'buy-now' ? 'Buy Now' : 'Add to Cart';
  const button = (
    <button
      // A submit button of a real form: without JavaScript the form posts to /cart/add.
      type="submit"
      name="intent"
      value={intent === 'buy-now' ? 'buy-now' : 'add'}
      className={className}
      disabled={noVariant}
      // While its add is on the way the button stays focusable (aria-disabled), so keyboard focus stays.
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      onClick={onClick}
      data-product-id={product.id}
      data-variant-id={variant?.id}
    >
      {isPending && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin" fill="none">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {label}
      {/* A page of cards has many Add to Cart buttons: each names its product to a screen reader. */}
      {intent === 'card' && <span className="sr-only">: {product.name}</span>}
    </button>
  );
  if (intent !== 'card') return button;
  // A card's button carries its own form; the product page's buttons sit in the page's form.
  return (
    <form method="post" action={FORM_ACTIONS.cartAdd}>
      <input type="hidden" name="productId" value={product.id} />
      {variant && <input type="hidden" name="variantId" value={variant.id} />}
      <input type="hidden" name="quantity" value="1" />
      <ReturnTo />
      {button}
    </form>
  );
}
