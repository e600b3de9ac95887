import { useSyncExternalStore } from 'react';
import { CART_BADGE_SLOT, MAX_SHOWN_COUNT, cartCountFromCookies } from '../../../contracts/shop-cookies.ts';

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
        data-count={count}
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
/**
 * On the server: no count (the slot). In the browser, while hydrating: the count the server drew, read
 * from the page itself, not from the cookie, which another tab's answer may have changed since the
 * page was sent (hydration would then find other markup than it renders).
 */
const serverSnapshot = () => {
  if (typeof document === 'undefined') return null;
  const drawn = document.querySelector('[data-testid="cart-button"] [data-count]')?.getAttribute('data-count');
  return drawn ? Number(drawn) : 0;
};

/**
 * The badge as the server drew it. On the server it renders the slot that the page cache fills per
 * count; in the browser it hydrates what the server drew, then shows the count cookie's.
 */
export function ServerDrawnCartBadge() {
  const count = useSyncExternalStore(noSubscription, countFromDocument, serverSnapshot);
  return count === null ? CART_BADGE_SLOT : <CartBadge count={count} />;
}
