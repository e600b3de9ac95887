import { expect, test } from './support/fixtures.ts';

/**
 * The header's cart badge while a page hydrates and another tab changes the cart.
 */

test('a count cookie changed by another tab while a page loads does not break its hydration', async ({ page }) => {
  // The page's code arrives late: another tab's cart answer rewrites the count cookie meanwhile.
  await page.route('**/assets/entries/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.evaluate(() => (document.cookie = 'dino.items=3; Path=/'));
  // Hydrated without a mismatch (the fixture fails the test on any page error), then the badge shows
  // the shopper's real cart: none.
  await expect(page.getByRole('button', { name: /Open cart/ })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});
