import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * Writes are safe to retry: the storefront sends each shopper action with one Idempotency-Key and
 * resends it when the network loses the answer; the server replays the first answer instead of
 * applying the change again.
 */
const THONG = { name: 'T-Rex Tiny Arms Thong', xsRed: 100 };

// The dropped answer is logged by the browser as a failed resource load.
test.use({ allowedConsoleErrors: [/Failed to load resource/] });

test('an add whose answer the network lost is resent with the same key and counted once', async ({ page }) => {
  const sent: { key: string | null; status: number | null }[] = [];
  await page.route(
    (url) => url.pathname === '/api/cart',
    async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const key = request.headers()['idempotency-key'] ?? null;
      if (sent.length === 0) {
        // The server gets the request and applies it; the answer (and its session cookie) never arrives.
        const response = await route.fetch();
        sent.push({ key, status: response.status() });
        return route.abort('connectionreset');
      }
      sent.push({ key, status: null });
      return route.continue();
    },
  );

  await gotoHydrated(page, '/shop');
  const card = page.getByTestId('product-card').filter({ hasText: THONG.name });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  // The badge counts the pending add at once; the resend follows the lost answer.
  await expect.poll(() => sent.length).toBe(2);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  expect(sent[0]!.status).toBe(201);
  expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  expect(sent[1]!.key).toBe(sent[0]!.key);
  // The replay handed out the session the first request created: the browser now owns that one cart.
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { quantity: number; variant: { id: number } }[];
  };
  expect(cart.items.map((i) => [i.variant.id, i.quantity])).toEqual([[THONG.xsRed, 1]]);
});

test('while the shop cannot be reached (a restart) the add waits, says so, and is saved once it answers', async ({
  page,
}) => {
  let refused = 0;
  let release!: () => void;
  const back = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/cart',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // Refused until the test says the shop is back: the resends keep coming, with the same key.
      if (refused < 3) {
        refused++;
        return route.abort('connectionrefused');
      }
      await back;
      return route.continue();
    },
  );

  await gotoHydrated(page, '/shop');
  const card = page.getByTestId('product-card').filter({ hasText: THONG.name });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Reconnecting to the shop…' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Your change is kept and will be saved as soon as the shop answers.');
  release();
  await expect(notice).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { quantity: number; variant: { id: number } }[];
  };
  expect(cart.items.map((i) => [i.variant.id, i.quantity])).toEqual([[THONG.xsRed, 1]]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a form post that reaches the server twice (a double click, a resend) adds once', async ({ page }) => {
    const copies: number[] = [];
    await page.route(
      (url) => url.pathname === '/cart/add',
      async (route) => {
        const request = route.request();
        // A copy of the post arrives first, as a double click or a resent request would send it (the
        // same cookies, so the same form nonce); then the browser's own.
        const headers = Object.fromEntries(
          Object.entries(await request.allHeaders()).filter(
            ([name]) => !['host', 'content-length', 'connection'].includes(name),
          ),
        );
        const copy = await fetch(request.url(), {
          method: 'POST',
          headers,
          body: request.postData() ?? '',
          redirect: 'manual',
        });
        copies.push(copy.status);
        await route.continue();
      },
    );
    // The shopper has a cart already, so both copies reach the same one.
    expect(
      (await page.request.post('/api/cart', { data: { productId: 4, variantId: 400, quantity: 1 } })).status(),
    ).toBe(201);
    const replayed = page.waitForResponse((response) => new URL(response.url()).pathname === '/cart/add');
    await page.goto('/product/t-rex-tiny-arms-thong');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    expect(copies).toEqual([303]);
    expect((await replayed).headers()['idempotent-replayed']).toBe('true');
    const cart = (await (await page.request.get('/api/cart')).json()) as {
      items: { quantity: number; variant: { id: number } }[];
    };
    expect(cart.items.map((i) => [i.variant.id, i.quantity]).sort()).toEqual(
      [
        [400, 1],
        [THONG.xsRed, 1],
      ].sort(),
    );
  });
});
