import type { Page } from '@playwright/test';
import { STATIC_ROUTES } from '../../storefront/sitemap.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * WCAG 1.4.10 reflow: at 320 CSS px wide every page fits without scrolling sideways (a row of filter
 * chips may scroll inside itself; the page may not).
 */
test.use({ viewport: { width: 320, height: 640 } });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const PAGES = [...STATIC_ROUTES, '/category/t-rex', '/product/t-rex-tiny-arms-thong', '/no-such-page'];

test.describe('reflow at 320 px', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const path of PAGES) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await sideways(page)).toBe(0);
    });
  }
});

test('/cart and /checkout with lines fit at 320 px', async ({ page }) => {
  await page.goto('/');
  for (const [productId, variantId] of [
    [1, 100],
    [4, 400],
  ] as const) {
    const response = await page.request.post('/api/cart', { data: { productId, variantId, quantity: 1 } });
    expect(response.status()).toBe(201);
  }
  for (const path of ['/cart', '/checkout']) {
    await page.goto(path);
    await expect(
      page.getByText('Voluptuous Velociraptor Lace Bralette').filter({ visible: true }).first(),
    ).toBeVisible();
    expect(await sideways(page), path).toBe(0);
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByTestId('cart-drawer').getByTestId('cart-line')).toHaveCount(2);
  expect(await sideways(page)).toBe(0);
});
