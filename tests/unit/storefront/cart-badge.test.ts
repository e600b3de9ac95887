import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cartBadgeHtml, withCartBadge } from '../../../storefront-server/cart-badge-html.ts';
import { CartBadge, ServerDrawnCartBadge } from '../../../storefront/features/cart/cart-badge.tsx';
import { CART_BADGE_SLOT, cartCountFromCookies } from '../../../contracts/shop-cookies.ts';

describe('the count cookie', () => {
  it('reads the count from a Cookie header or document.cookie, 0 when absent or not a count', () => {
    expect(cartCountFromCookies(undefined)).toBe(0);
    expect(cartCountFromCookies('')).toBe(0);
    expect(cartCountFromCookies('dino.items=3')).toBe(3);
    expect(cartCountFromCookies('dino.sid=s%3Aabc.def; dino.items=12; x=1')).toBe(12);
    expect(cartCountFromCookies('xdino.items=5')).toBe(0);
    expect(cartCountFromCookies('dino.items=-2')).toBe(0);
    expect(cartCountFromCookies('dino.items=abc')).toBe(0);
    // Bounded: a page has at most 101 renditions whatever the cookie says.
    expect(cartCountFromCookies('dino.items=123456')).toBe(100);
  });
});

describe('the server-drawn badge', () => {
  it('spliced HTML is what React renders for the same count inside a page (so hydration matches)', () => {
    for (const count of [1, 2, 42, 99, 100]) {
      const inPage = renderToString(
        createElement('a', null, createElement('svg'), createElement(CartBadge, { count })),
      );
      const spliced = withCartBadge(
        renderToString(createElement('a', null, createElement('svg'), CART_BADGE_SLOT)),
        count,
      );
      expect(spliced).toBe(inPage);
    }
  });

  it('is nothing at 0, the count and a spoken label above, 99+ past 99', () => {
    expect(cartBadgeHtml(0)).toBe('');
    expect(cartBadgeHtml(1)).toMatch(/data-testid="cart-count"[^>]*>1<\/span><span class="sr-only">, 1 item<\/span>$/);
    expect(cartBadgeHtml(3)).toContain('>, 3 items<');
    expect(cartBadgeHtml(100)).toMatch(/>99\+<\/span><span class="sr-only">, 99\+ items<\/span>$/);
  });

  it('renders the slot on the server (no document), never a count', () => {
    expect(renderToString(createElement(ServerDrawnCartBadge))).toBe(CART_BADGE_SLOT);
  });
});
