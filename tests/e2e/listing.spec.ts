import * as v from 'valibot';
import { Category, Product } from '../../contracts/catalogue.ts';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

const productsFrom = async (request: import('@playwright/test').APIRequestContext, path: string) =>
  v.parse(v.array(Product), await (await request.get(path)).json());
const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allInnerTexts();
const count = (page: Page) => page.getByTestId('product-count');

test('/shop lists every product, server-rendered', async ({ page, request }) => {
  const products = await productsFrom(request, '/api/products');
  const html = await (await request.get('/shop')).text();
  for (const p of products) expect(html).toContain(`$${p.price}`);

  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop All Products' })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing ${products.length} products`);
  expect(await cardNames(page)).toEqual(products.map((p) => p.name));
  await expect(page).toHaveTitle('Shop All Products - DinoBooty');
});

test('/collections is the same listing', async ({ page, request }) => {
  const products = await productsFrom(request, '/api/products');
  await page.goto('/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop All Products' })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing ${products.length} products`);
  await expect(page).toHaveTitle('Collections - DinoBooty');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Explore the DinoBooty collections/,
  );
});

test('a category page shows "<name> Collection" and its products', async ({ page, request }) => {
  const category = v.parse(Category, await (await request.get('/api/categories/raptor')).json());
  const products = await productsFrom(request, '/api/products/category/raptor');
  await page.goto('/category/raptor');
  await expect(page.getByRole('heading', { level: 1, name: `${category.name} Collection` })).toBeVisible();
  expect(await cardNames(page)).toEqual(products.map((p) => p.name));
  await expect(
    page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.name }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(`${category.name} Collection - DinoBooty`);
});

test('category pills link to every category', async ({ page, request }) => {
  const categories = v.parse(v.array(Category), await (await request.get('/api/categories')).json());
  await page.goto('/shop');
  const pills = page.getByRole('navigation', { name: 'Categories' });
  await expect(pills.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/shop');
  for (const c of categories)
    await expect(pills.getByRole('link', { name: c.name, exact: true })).toHaveAttribute('href', `/category/${c.slug}`);
  await pills.getByRole('link', { name: categories[0]?.name ?? '', exact: true }).click();
  await expect(page).toHaveURL(`/category/${categories[0]?.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `${categories[0]?.name} Collection` })).toBeVisible();
});

test('sort asks the API and is kept in the URL', async ({ page, request }) => {
  const byPrice = await productsFrom(request, '/api/products?sort=price_asc');
  await gotoHydrated(page, '/shop');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort.getByRole('option')).toHaveText(['Featured', 'Price: Low to High', 'Price: High to Low', 'Newest']);
  await sort.selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(() => cardNames(page)).toEqual(byPrice.map((p) => p.name));
  await page.reload();
  await expect(sort).toHaveValue('price_asc');
  expect(await cardNames(page)).toEqual(byPrice.map((p) => p.name));
});

test('category pages sort and search locally', async ({ page, request }) => {
  const products = await productsFrom(request, '/api/products/category/t-rex');
  const newest = [...products].sort((a, b) => b.id - a.id).map((p) => p.name);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/products')) apiCalls.push(r.url());
  });
  await gotoHydrated(page, '/category/t-rex');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('newest');
  await expect.poll(() => cardNames(page)).toEqual(newest);
  // The same matcher as /shop's: "trex" finds "T-Rex" (a plain substring search would find nothing).
  const inCategory = new Set(products.map((p) => p.id));
  const expected = (await productsFrom(request, '/api/products?search=trex&sort=newest')).filter((p) =>
    inCategory.has(p.id),
  );
  expect(expected.length).toBeGreaterThan(0);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('trex');
  await expect(page).toHaveURL(/search=trex/);
  await expect(count(page)).toHaveText(`Showing ${expected.length} ${expected.length === 1 ? 'product' : 'products'}`);
  expect(await cardNames(page)).toEqual(expected.map((p) => p.name));
  expect(apiCalls).toEqual([]);
});

test('filters apply with Apply Filters, show chips and restore from the URL', async ({
  page,
  request,
  expectAccessible,
}) => {
  const products = await productsFrom(request, '/api/products');
  const collection = products.find((p) => p.collection)?.collection ?? '';
  // Size M keeps products with an M in stock; a collection keeps its products and those without one.
  const variantsOf = await Promise.all(
    products.map(
      async (p) =>
        (await (await request.get(`/api/products/${p.id}/variants`)).json()) as { size: string; stock: number }[],
    ),
  );
  const withM = new Set(
    products.filter((_, i) => variantsOf[i]!.some((v) => v.size === 'M' && v.stock > 0)).map((p) => p.id),
  );
  const inCollection = products.filter((p) => (!p.collection || p.collection === collection) && withM.has(p.id));
  const onlyM = products.filter((p) => withM.has(p.id));
  await page.goto('/shop');
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  await expect(sidebar.getByRole('group', { name: 'Price Range' })).toBeVisible();
  await expect(sidebar.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute('max', '50');
  await expect(sidebar.getByRole('slider', { name: 'Maximum price' })).toHaveValue('50');

  await sidebar.getByRole('checkbox', { name: collection }).check();
  await sidebar.locator('label').filter({ hasText: 'M (Dilo)' }).click();
  await expect(count(page)).toHaveText(`Showing ${products.length} products`);
  await sidebar.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(count(page)).toHaveText(
    `Showing ${inCollection.length} ${inCollection.length === 1 ? 'product' : 'products'}`,
  );
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button', { name: new RegExp(collection) })).toBeVisible();
  await expect(chips.getByRole('button', { name: /Size M \(Dilo\)/ })).toBeVisible();
  await expect(page).toHaveURL(/collection=.+&size=M/);

  await page.reload();
  await expect(count(page)).toHaveText(
    `Showing ${inCollection.length} ${inCollection.length === 1 ? 'product' : 'products'}`,
  );
  await expect(sidebar.getByRole('checkbox', { name: collection })).toBeChecked();
  // The selected size's count reads as well as its label.
  await expectAccessible();

  await chips.getByRole('button', { name: new RegExp(collection) }).click();
  await expect(count(page)).toHaveText(`Showing ${onlyM.length} products`);
  // A chip takes itself away: focus goes to the count it changed.
  await expect(count(page)).toBeFocused();
  await page.getByRole('button', { name: 'Clear all', exact: true }).press('Enter');
  await expect(chips).toHaveCount(0);
  await expect(count(page)).toBeFocused();
  await expect(page).toHaveURL(/\/shop$/);
});

test('price range filters by price, inclusive', async ({ page, request }) => {
  const products = await productsFrom(request, '/api/products');
  await page.goto('/shop?minPrice=20&maxPrice=25');
  const expected = products.filter((p) => Number(p.price) >= 20 && Number(p.price) <= 25);
  await expect(count(page)).toHaveText(`Showing ${expected.length} ${expected.length === 1 ? 'product' : 'products'}`);
  await expect(page.getByRole('button', { name: /\$20\.00 - \$25\.00/ })).toBeVisible();
  const max = page.getByRole('complementary', { name: 'Filters' }).getByRole('slider', { name: 'Maximum price' });
  await max.focus();
  await page.keyboard.press('ArrowRight');
  await expect(max).toHaveValue('26');
});

test('empty state and Clear Filters', async ({ page, request }) => {
  const products = await productsFrom(request, '/api/products');
  await page.goto('/shop?minPrice=0&maxPrice=1');
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  await expect(page.getByText("Try adjusting your filters or search to find what you're looking for.")).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(count(page)).toHaveText(`Showing ${products.length} products`);
});

test('Clear All in the sidebar resets the filters', async ({ page }) => {
  await page.goto('/shop?maxPrice=30&size=XL');
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
});

test('following Shop All while a search is active starts afresh', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('lace');
  await expect(page).toHaveURL(/search=lace/);
  await page.getByRole('banner').getByRole('link', { name: 'Shop All' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
});

test('listings are accessible', async ({ page, expectAccessible }) => {
  for (const path of ['/shop', '/category/raptor', '/shop?minPrice=0&maxPrice=1']) {
    await page.goto(path);
    await expectAccessible();
  }
});

test('following a product link and going back keeps the search', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('lace');
  await expect(page).toHaveURL(/search=lace/);
  const first = page.getByTestId('product-card').first();
  await expect(first).toBeVisible();
  const name = await first.getByRole('heading').innerText();
  await first.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} - DinoBooty`);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?search=lace$/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lace');
  await expect(page.getByTestId('product-card').first().getByRole('heading')).toHaveText(name);
});

test('the search box takes 100 characters as a reader counts them, emoji included', async ({ page }) => {
  const apiStatuses: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/products') apiStatuses.push(r.status());
  });
  await page.goto('/shop');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  // 60 dinosaurs are 120 UTF-16 units: a maxlength of 100 units would have stopped at 50.
  await box.fill('🦖'.repeat(60));
  await expect(box).toHaveValue('🦖'.repeat(60));
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  await box.fill('a'.repeat(101));
  await expect(box).toHaveValue('a'.repeat(100));
  await expect(page).toHaveURL(/\?search=a{100}$/);
  expect(apiStatuses.length).toBeGreaterThan(0);
  expect(apiStatuses.every((s) => s === 200)).toBe(true);
});
