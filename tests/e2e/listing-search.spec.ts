import * as v from 'valibot';
import { Product } from '../../contracts/catalogue.ts';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** /shop's search: debounced, fetched in place with each product's variants, skeletons and failure. */

const productsFrom = async (request: import('@playwright/test').APIRequestContext, path: string) =>
  v.parse(v.array(Product), await (await request.get(path)).json());
const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allInnerTexts();
const count = (page: Page) => page.getByTestId('product-count');

test('search is debounced, goes to the URL, and the clear button resets it', async ({ page, request }) => {
  const lace = await productsFrom(request, '/api/products?search=lace');
  expect(lace.length).toBeGreaterThan(0);
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/products') searches.push(url.searchParams.get('search') ?? '');
  });
  await page.clock.install();
  // Typed before hydration, the text would be the plain form's, never searched in place: wait for it.
  await gotoHydrated(page, '/shop');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  // The page's clock stands still while the shopper types, so however slowly a busy machine delivers
  // the keystrokes, only the debounce decides when the search goes out: 300 ms after the last one.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await box.pressSequentially('lace', { delay: 40 });
  await expect(box).toHaveValue('lace');
  await page.clock.runFor(299);
  // The URL follows the search the moment it is made: still the page's own, nothing asked for.
  await expect(page).toHaveURL(/\/shop$/);
  expect(searches).toEqual([]);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/products');
  await page.clock.runFor(1);
  await page.clock.resume();
  await answered;
  await expect(page).toHaveURL(/\?search=lace$/);
  await expect(count(page)).toHaveText(`Showing ${lace.length} ${lace.length === 1 ? 'product' : 'products'}`);
  expect(searches).toEqual(['lace']);
  expect(await cardNames(page)).toEqual(lace.map((p) => p.name));
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: /Search: "lace"/ }),
  ).toBeVisible();

  await page.reload();
  await expect(box).toHaveValue('lace');
  await expect(count(page)).toHaveText(`Showing ${lace.length} ${lace.length === 1 ? 'product' : 'products'}`);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/shop$/);
});

test('after a search and after clearing it the cards come with their variants: no request per product', async ({
  page,
}) => {
  const perProduct: string[] = [];
  page.on('request', (r) => {
    if (/^\/api\/products\/[^/]+\/variants$/.test(new URL(r.url()).pathname)) perProduct.push(r.url());
  });
  const listed = (search: string) =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/products' && (url.searchParams.get('search') ?? '') === search;
    });
  // Served for a search, so clearing it fetches the whole list in the browser.
  await gotoHydrated(page, '/shop?search=lace');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  const searched = listed('thong');
  await box.fill('thong');
  const thongs = v.parse(v.array(Product), await (await searched).json());
  await expect(count(page)).toHaveText(`Showing ${thongs.length} ${thongs.length === 1 ? 'product' : 'products'}`);
  const cleared = listed('');
  await page.getByRole('button', { name: 'Clear search' }).click();
  const everything = v.parse(v.array(Product), await (await cleared).json());
  await expect(count(page)).toHaveText(`Showing ${everything.length} products`);
  // The cards draw their swatches and the size filter counts from the variants the list carried.
  for (const product of everything.slice(0, 4)) {
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    const colours = card.getByRole('list', { name: 'Available colours' }).getByRole('listitem');
    await expect(colours.first()).toHaveAttribute('title', product.variants[0]?.color ?? 'none');
  }
  const withM = everything.filter((p) =>
    p.variants.some((variant) => variant.size === 'M' && variant.stock > 0),
  ).length;
  await expect(page.locator('#filters').locator('label', { has: page.locator('input[value="M"]') })).toHaveText(
    new RegExp(`\\(${withM}\\)$`),
  );
  expect(perProduct).toEqual([]);
});

test('six skeletons while a search loads', async ({ page }) => {
  await gotoHydrated(page, '/shop');
  await page.route('**/api/products?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Search products' }).fill('thong');
  await expect(page.getByTestId('product-skeleton')).toHaveCount(6);
  await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
  await expect(count(page)).toHaveText(/^Showing \d+ products?$/);
});

test.describe('load failure', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });
  test('shows the error text', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/shop');
    await page.route('**/api/products?*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('searchbox', { name: 'Search products' }).fill('thong');
    await expect(page.getByRole('alert')).toHaveText('Failed to load products. Please try again later.');
    await expectAccessible();
  });
});
