import { useSetAtom } from 'jotai';
import { itemCount } from '../../lib/cart-totals.ts';
import { cartDrawerOpenAtom } from './cart.atoms.ts';
import { useCart, useHydrated } from './use-cart.ts';

/**
 * The header's cart button: opens the cart drawer. The badge (the sum of quantities, only above 0)
 * appears after hydration, so the server HTML of every page is the same for every shopper.
 */
export function CartButton() {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      data-testid="cart-button"
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <span className="sr-only">Open cart</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
        <path strokeLinecap="round" strokeLinejoin="round" d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1" />
      </svg>
      {hydrated && <CartCount />}
    </button>
  );
}

function CartCount() {
  const { cart } = useCart();
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
