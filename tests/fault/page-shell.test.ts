import { describe, expect, it } from 'vitest';
import { serverForTests } from './fault-support.ts';

/** A page's HTML without the two clock readings TanStack Query stamps on the dehydrated cart. */
const withoutClock = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');

/**
 * The shopper's own pages render into a shell taken from Vike's first full render of them: what a
 * shell gives must be what Vike gives, byte for byte (tags, hydration data, its escaping), or the
 * browser would hydrate a different page from the one it was sent.
 */
describe('pages rendered in their shell', () => {
  const shop = serverForTests('pglite');

  async function shopper(lines: Array<{ productId: number; variantId: number; quantity: number }>): Promise<string> {
    let cookie = '';
    for (const line of lines) {
      const response = await fetch(`${shop.server.url}/api/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(line),
      });
      expect(response.status).toBe(201);
      cookie ||= response.headers.get('set-cookie')!.split(';')[0]!;
    }
    return cookie;
  }

  const get = (path: string, cookie: string) => fetch(`${shop.server.url}${path}`, { headers: { cookie }, redirect: 'manual' });

  it('are the bytes Vike renders, for every shopper after the first, on /cart and /checkout', async () => {
    const first = await shopper([{ productId: 1, variantId: 100, quantity: 1 }]);
    // A cart whose names and prices need escaping in the hydration data as much as any.
    const second = await shopper([
      { productId: 3, variantId: 300, quantity: 2 },
      { productId: 4, variantId: 400, quantity: 1 },
    ]);
    for (const path of ['/cart', '/checkout']) {
      // The first shopper's visit is Vike's full render, and gives the page its shell.
      const byVike = await get(path, first);
      expect(byVike.status).toBe(200);
      const inShell = await get(path, first);
      expect(inShell.status).toBe(200);
      expect(withoutClock(await inShell.text())).toBe(withoutClock(await byVike.text()));
      expect(inShell.headers.get('content-type')).toBe(byVike.headers.get('content-type'));
      // Another shopper's page, in the shell, carries that shopper's cart and no trace of the first's.
      const other = await (await get(path, second)).text();
      expect(other).toContain('Tri-Horned Triple Threat Boxers');
      expect(other).not.toContain('T-Rex Tiny Arms Thong</a>');
      expect(other).toContain('"itemCount":3');
    }
  });

  it("leave to Vike what is not the shell's: a data hook's redirect, a query string", async () => {
    const cookie = await shopper([{ productId: 1, variantId: 100, quantity: 1 }]);
    expect((await get('/checkout', cookie)).status).toBe(200);
    expect((await get('/checkout', cookie)).status).toBe(200);
    // An empty cart has nothing to check out: /checkout's data hook redirects, as it does without a shell.
    const empty = await get('/checkout', 'dino.sid=none');
    expect([301, 302, 303, 307]).toContain(empty.status);
    expect(empty.headers.get('location')).toMatch(/\/cart$/);
    const withQuery = await (await get('/cart?from=mail', cookie)).text();
    expect(withQuery).toContain('name="returnTo" value="/cart?from=mail"');
  });
});
