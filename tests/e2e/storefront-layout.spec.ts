import { expect, test } from './support/fixtures.ts';

test.describe('layout on every page', () => {
  for (const path of ['/', '/shop', '/faq', '/product/t-rex-tiny-arms-thong']) {
    test(`banner, header and footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('Free shipping on orders over $50')).toBeVisible();
      await expect(page.getByText('DINOBOOTY', { exact: true }).first()).toBeVisible();

      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Shop All' })).toHaveAttribute('href', '/shop');
      await expect(header.getByRole('link', { name: 'Size Guide' })).toHaveAttribute('href', '/size-guide');
      await expect(header.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
      await expect(header.getByRole('link', { name: 'Search products' })).toHaveAttribute('href', '/shop');
      await expect(header.getByRole('link', { name: /DinoBooty/ })).toHaveAttribute('href', '/');

      const footer = page.getByRole('contentinfo');
      for (const column of ['Shop', 'Customer Care', 'About Us']) {
        await expect(footer.getByRole('heading', { name: column })).toBeVisible();
      }
      await expect(footer.getByText('Sexy, silly underwear for cartoon dinosaurs')).toBeVisible();
      await expect(footer.getByText(/© 2023 DinoBooty/)).toBeVisible();
    });
  }

  test('the header stays on screen while scrolling', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2500);
    await expect(page.getByRole('banner')).toBeInViewport();
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/faq');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('footer links lead to real pages', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(15);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });
});

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('any other path shows the 404 screen with HTTP 404', async ({ page, expectAccessible }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle(/404/);
    await expectAccessible();
  });

  test('an unknown category is a 404', async ({ page }) => {
    const response = await page.goto('/category/unicorns');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('a storefront/ prefix is not a route', async ({ request }) => {
    expect((await request.get('/storefront/shop')).status()).toBe(404);
  });
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('/product/t-rex-tiny-arms-thong</loc>');
  expect(xml).toContain('/category/raptor</loc>');
  expect(xml).toContain('/size-guide</loc>');
});
