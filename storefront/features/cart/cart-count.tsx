import { useEffect, useRef } from 'react';
import { writeCartCountCookie } from '../../lib/cart-count-cookie.ts';
import { itemCount } from '../../../contracts/cart-rules.ts';
import { toast } from '../toast/toast.ts';
import { CartBadge, ServerDrawnCartBadge } from './cart-badge.tsx';
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
  const count = cart ? itemCount(cart.items) : undefined;
  // The next page the server draws shows this count (it reads the cookie).
  useEffect(() => {
    if (count !== undefined) writeCartCountCookie(count);
  }, [count]);
  // Until the cart has loaded, the count the server drew stays.
  return count === undefined ? <ServerDrawnCartBadge /> : <CartBadge count={count} />;
}

/** 'Error loading cart' once per failed load (retries included). */
function useCartLoadErrorToast(isError: boolean) {
  const shown = useRef(false);
  useEffect(() => {
    if (isError && !shown.current) {
      toast.error('Error loading cart', {
        description: 'There was a problem loading your cart. Please try refreshing the page.',
      });
    }
    shown.current = isError;
  }, [isError]);
}
