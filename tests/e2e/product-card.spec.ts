import * as v from 'valibot';
import { Product, Variant } from '../../contracts/catalogue.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** Fake timers that only move when the test says so (runFor). */
async function freezeClock(page: import('@playwright/test').Page) {
  await page.clock.install({ time: new Date('2025-05-15T10:00:00Z') });
  await page.clock.pauseAt(new Date('2025-05-15T10:00:01Z'));
}

const MESSAGES = [
  'Rawr! Looking good!',
  'These would look jurassic on you!',
  'Dino-mite choice!',
  'Shake that tail!',
  'Extinct? Not with those curves!',
  'Roar-some taste, friend!',
  'Your booty deserves this!',
  'Prehistoric and proud!',
  "Clever girl... that's a great pick!",
  'Tiny arms, big confidence!',
];

test('cards link to the product, show the badge, price, swatches and +N', async ({ page, request }) => {
  const products = v.parse(v.array(Product), await (await request.get('/api/products')).json());
  await page.goto('/shop');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);

  for (const product of products.slice(0, 6)) {
    const card = cards.filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await expect(card.getByRole('link', { name: product.name }).first()).toHaveAttribute(
      'href',
      `/product/${product.slug}`,
    );
    await expect(card.getByRole('img', { name: product.name })).toBeVisible();
    const badge = product.bestSeller ? 'Bestseller' : product.featured ? 'Featured' : null;
    if (badge) await expect(card.getByText(badge, { exact: true })).toBeVisible();
    else await expect(card.getByText(/^(Bestseller|Featured)$/)).toHaveCount(0);
    await expect(card.getByText(`$${product.price}`)).toBeVisible();

    const variants = v.parse(
      v.array(Variant),
      await (await request.get(`/api/products/${product.id}/variants`)).json(),
    );
    const colours = new Set(variants.map((x) => x.color)).size;
    const swatches = card.getByRole('list', { name: 'Available colours' }).getByRole('listitem');
    await expect(swatches).toHaveCount(Math.min(colours, 3) + (colours > 3 ? 1 : 0));
    if (colours > 3) await expect(card.getByText(`+${colours - 3}`, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /add to cart/i })).toBeVisible();
  }
});

test('the mascot pops up 300 ms after hover, rotates every 5 s and hides 500 ms after leaving', async ({ page }) => {
  await freezeClock(page);
  await gotoHydrated(page, '/shop');
  const card = page.getByTestId('product-card').first();
  const mascot = card.getByTestId('mascot');

  await card.hover();
  await page.clock.runFor(250);
  await expect(mascot).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(mascot).toBeVisible();
  const first = (await mascot.getByRole('paragraph').innerText()).replace(/^.*says:\s*/s, '').trim();
  expect(MESSAGES).toContain(first);
  await expect(card.locator('[aria-live="polite"]').first()).toContainText(first);

  await page.clock.runFor(5000);
  const said = async () => (await mascot.getByRole('paragraph').innerText()).replace(/^.*says:\s*/s, '').trim();
  await expect.poll(said).not.toBe(first);
  expect(MESSAGES).toContain(await said());

  await page.mouse.move(2, 2);
  await page.clock.runFor(400);
  await expect(mascot).toBeVisible();
  await page.clock.runFor(200);
  await expect(mascot).toHaveCount(0);
});

test('the mascot also answers keyboard focus, with the species from the product name', async ({ page }) => {
  await page.goto('/category/stegosaurus');
  const card = page.getByTestId('product-card').filter({ hasText: /Stego/ }).first();
  await card.getByRole('button', { name: /add to cart/i }).focus();
  const mascot = card.getByTestId('mascot');
  await expect(mascot).toBeVisible();
  await expect(mascot.locator('img')).toHaveAttribute('data-mascot', 'stego');
  await expect(mascot).toContainText('Stegosaurus says:');
});

test('raptor products get the raptor', async ({ page }) => {
  await page.goto('/category/raptor');
  const card = page
    .getByTestId('product-card')
    .filter({ hasText: /raptor/i })
    .first();
  await card.hover();
  await expect(card.getByTestId('mascot').locator('img')).toHaveAttribute('data-mascot', 'raptor');
});
