import type { APIRequestContext } from '@playwright/test';
import * as v from 'valibot';
import { Product, Variant } from '../../contracts/catalogue.ts';
import { SIZE_LABELS } from '../../contracts/sizes.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

const load = async (request: APIRequestContext, slug: string) => {
  const product = v.parse(Product, await (await request.get(`/api/products/${slug}`)).json());
  const variants = v.parse(v.array(Variant), await (await request.get(`/api/products/${product.id}/variants`)).json());
  return { product, variants };
};
const SLUG = 't-rex-tiny-arms-thong';

test('server-rendered product page with title, description and JSON-LD', async ({ page, request }) => {
  const { product } = await load(request, SLUG);
  const html = await (await request.get(`/product/${SLUG}`)).text();
  expect(html).toContain(`$${product.price}`);

  await page.goto(`/product/${SLUG}`);
  await expect(page).toHaveTitle(`${product.name} - DinoBooty`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', product.description);
  const jsonLd: unknown = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: product.name,
    offers: { price: product.price, priceCurrency: 'USD' },
  });

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await expect(crumbs.getByText(product.name)).toHaveAttribute('aria-current', 'page');

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  if (product.collection) await expect(page.getByText(product.collection, { exact: true })).toBeVisible();
  await expect(page.getByText(`$${product.price}`, { exact: true })).toBeVisible();
  await expect(page.getByText(product.description)).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
});

test('/products/{slug} resolves to the same page', async ({ page, request }) => {
  const { product } = await load(request, SLUG);
  const response = await page.goto(`/products/${SLUG}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} - DinoBooty`);
});

test.describe('unknown product', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  for (const path of ['/product/no-such-thong', '/products/no-such-thong']) {
    test(`${path} answers 404 with the failure text`, async ({ page, expectAccessible }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { name: 'Failed to load product. Please try again later.' }),
      ).toBeVisible();
      await expectAccessible();
      await page.getByRole('link', { name: 'Back to Shop' }).click();
      await expect(page).toHaveURL('/shop');
    });
  }
});

test('the first variant is preselected; a new size keeps the colour, a new colour keeps the size', async ({
  page,
  request,
}) => {
  const { variants } = await load(request, SLUG);
  const first = variants[0];
  if (!first) throw new Error('seed has no variants');
  await gotoHydrated(page, `/product/${SLUG}`);

  const sizes = page.getByRole('group', { name: /^Size/ });
  const colours = page.getByRole('group', { name: /^Colour/ });
  await expect(sizes.getByRole('radio', { name: SIZE_LABELS[first.size] })).toBeChecked();
  await expect(colours.getByRole('radio', { name: first.color })).toBeChecked();
  // Nothing chosen yet: the address stays clean.
  await expect(page).toHaveURL(`/product/${SLUG}`);

  // Choosing a size keeps the colour when that combination exists.
  const sameColour = variants.find((x) => x.color === first.color && x.size !== first.size);
  if (!sameColour) throw new Error(`${SLUG} is made in one size of ${first.color}: pick a product with more`);
  // (force: the combination may be sold out, so aria-disabled, which Playwright will not click; a shopper can.)
  await sizes.getByText(SIZE_LABELS[sameColour.size], { exact: true }).click({ force: true });
  await expect(sizes.getByRole('radio', { name: SIZE_LABELS[sameColour.size] })).toBeChecked();
  await expect(colours.getByRole('radio', { name: first.color })).toBeChecked();
  // Choosing a colour keeps the size.
  const otherColour = variants.find((x) => x.size === sameColour.size && x.color !== sameColour.color);
  if (!otherColour) throw new Error(`${SLUG} is made in one colour of ${sameColour.size}: pick a product with more`);
  await colours.locator('label', { hasText: otherColour.color }).click({ force: true });
  await expect(colours.getByRole('radio', { name: otherColour.color })).toBeChecked();
  await expect(sizes.getByRole('radio', { name: SIZE_LABELS[sameColour.size] })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`size=${sameColour.size}&`));
  await page.reload();
  await expect(colours.getByRole('radio', { name: otherColour.color })).toBeChecked();
});

test('quantity stays between 1 and the variant stock, with the low-stock warning', async ({ page, request }) => {
  const products = v.parse(v.array(Product), await (await request.get('/api/products')).json());
  let low: { slug: string; variant: Variant } | undefined;
  for (const p of products) {
    const variants = v.parse(v.array(Variant), await (await request.get(`/api/products/${p.id}/variants`)).json());
    const found = variants.find((x) => x.stock >= 2 && x.stock < 5);
    if (found) {
      low = { slug: p.slug, variant: found };
      break;
    }
  }
  if (!low) throw new Error('seed has no low-stock variant');
  const { slug, variant } = low;
  await gotoHydrated(page, `/product/${slug}?size=${variant.size}&color=${encodeURIComponent(variant.color)}`);
  await expect(page.getByText(`Only ${variant.stock} left in stock!`)).toBeVisible();

  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(minus).toBeDisabled();
  for (let i = 1; i < variant.stock; i += 1) await plus.click();
  await expect(quantity).toHaveValue(String(variant.stock));
  await expect(plus).toBeDisabled();
  await minus.click();
  await expect(quantity).toHaveValue(String(variant.stock - 1));
  await expect(plus).toBeEnabled();
});

test('Add to Cart and Buy Now are there, and the three sections open and close', async ({ page }) => {
  await gotoHydrated(page, `/product/${SLUG}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();

  const sections = {
    'Shipping Information': /3-5 business days/,
    'Care Instructions': /Hand wash cold/,
    'Returns & Exchanges': /30 days/,
  };
  // Native <details>: each opens without JavaScript too (tests/e2e/no-js.spec.ts).
  const section = (title: string) =>
    page.locator('main details').filter({ has: page.getByRole('heading', { name: title }) });
  for (const [title, text] of Object.entries(sections)) {
    await expect(section(title)).not.toHaveAttribute('open');
    await expect(page.getByText(text).first()).toBeHidden();
    await section(title).locator('summary').click();
    await expect(section(title)).toHaveAttribute('open');
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await section('Care Instructions').locator('summary').press('Enter');
  await expect(page.getByText('Do not bleach.')).toBeHidden();
});

test('product page is accessible', async ({ page, expectAccessible }) => {
  await gotoHydrated(page, `/product/${SLUG}`);
  await page.locator('main summary', { hasText: 'Shipping Information' }).click();
  await expectAccessible();
});
