import { useEffect, useRef } from 'react';
import { itemCount } from '../../lib/cart-totals.ts';
import { toast } from '../toast/toast.ts';
import { CartQueryProvider } from './cart-client.tsx';
import { useCart } from './use-cart.ts';

/**
 * The cart button's badge, loaded after hydration (the first thing on a page that reads the cart). It
 * also says 'Error loading cart' when that read fails, whether or not the drawer was ever opened.
 */
export default function CartCountIsland() {
  return (
    <CartQueryProvider>
      <CartCount />
    </CartQueryProvider>
  );
}

function CartCount() {
  const { cart, isError } = useCart();
  useCartLoadErrorToast(isError);
  const count = cart ? itemCount(cart.items) : 0;
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="cart-count"
        key={count}
        className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 animate-pop items-center justify-center rounded-full bg-accent-600 px-1 text-[0.7rem] font-black leading-none text-white ring-2 ring-cream"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">, {count === 1 ? '1 item' : `${count} items`}</span>
    </>
  );
}

/** Spec 8: 'Error loading cart' once per failed load (retries included). */
function useCartLoadErrorToast(isError: boolean) {
  const shown = useRef(false);
  useEffect(() => {
    if (isError && !shown.current) {
      toast.error('Error loading cart', { description: 'There was a problem loading your cart. Please try refreshing the page.' });
    }
    shown.current = isError;
  }, [isError]);
}
