import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CartBadge } from '../storefront/features/cart/cart-badge.tsx';
import { CART_BADGE_SLOT, MAX_SHOWN_COUNT } from '../contracts/shop-cookies.ts';

const rendered = new Map<number, string>();

/** The badge's HTML for a count (0: nothing), rendered by React once per count and kept. */
export function cartBadgeHtml(count: number): string {
  const n = Math.max(0, Math.min(MAX_SHOWN_COUNT, Math.trunc(count) || 0));
  let html = rendered.get(n);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(CartBadge, { count: n }));
    rendered.set(n, html);
  }
  return html;
}

/** The page's HTML with the badge for `count` in place of the slot (CART_BADGE_SLOT) a cached page holds. */
export function withCartBadge(body: string, count: number): string {
  return body.replace(CART_BADGE_SLOT, cartBadgeHtml(count));
}
