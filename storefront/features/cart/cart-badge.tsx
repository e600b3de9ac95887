import { useSyncExternalStore } from 'react';
import { CART_BADGE_SLOT, MAX_SHOWN_COUNT, cartCountFromCookies } from '../../lib/cart-count-cookie.ts';

/**
 * The header badge: the cart's item count, only above 0. Each text is one string (no adjacent text
 * nodes), so the markup the server splices into cached pages (renderToStaticMarkup of this component)
 * is exactly what hydration expects.
 */
export function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const shown = count >= MAX_SHOWN_COUNT ? '99+' : String(count);
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="cart-count"
        key={count}
        className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 animate-pop items-center justify-center rounded-full bg-accent-600 px-1 text-[0.7rem] font-black leading-none text-white ring-2 ring-cream"
      >
        {shown}
      </span>
      <span className="sr-only">{count === 1 ? ', 1 item' : `, ${shown} items`}</span>
    </>
  );
}

const noSubscription = () => () => {};
const countFromDocument = () => cartCountFromCookies(document.cookie);
/** On the server: no count (the slot); in the browser, hydrating or not: the count cookie's. */
const serverSnapshot = () => (typeof document === 'undefined' ? null : countFromDocument());

/**
 * The badge as the server drew it. On the server it renders the slot that the page cache fills per
 * count; in the browser it reads the same cookie, so hydration finds the markup it would render.
 */
export function ServerDrawnCartBadge() {
  const count = useSyncExternalStore(noSubscription, countFromDocument, serverSnapshot);
  return count === null ? CART_BADGE_SLOT : <CartBadge count={count} />;
}
