import { expect, gotoHydrated, test } from './support/fixtures.ts';

test('mobile menu slides in from the left, traps focus and closes', async ({ page, expectAccessible }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Shop All' })).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const panel = page.getByRole('navigation', { name: 'Mobile' });
  await expect(panel.getByRole('link', { name: 'Shop All' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x ?? 99).toBeLessThan(10);
  await expectAccessible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});

test('the filter panel slides in and applies filters', async ({ page, expectAccessible }) => {
  await gotoHydrated(page, '/shop');
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expectAccessible();
  const collection = panel.getByRole('group', { name: 'Collection' }).getByRole('checkbox').first();
  await collection.check();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Filters 1 active/ })).toBeVisible();
});

for (const path of [
  '/',
  '/shop',
  '/category/raptor',
  '/product/t-rex-tiny-arms-thong',
  '/sale',
  '/size-guide',
  '/track-order',
  '/contact',
]) {
  test(`${path} fits a phone screen and is accessible`, async ({ page, expectAccessible }) => {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible();
  });
}

test('the header search opens under the bar and suggests as it does on a desktop', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const opener = banner.getByRole('link', { name: 'Search products' });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL('/');
  const box = banner.getByRole('combobox', { name: 'Search the shop' });
  await expect(box).toBeFocused();
  expect((await box.boundingBox())?.width).toBeGreaterThan(300);
  await page.keyboard.type('raptr boxer');
  const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
  await expect(options.last()).toHaveText('See all results for “raptr boxer”');
  await expect(options.first()).toContainText('Raptor Sneaky Silk Boxers');
  await expectAccessible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/raptor-sneaky-silk-boxers/);
});

test('on a sale card the % Off badge does not cover the Bestseller or Featured badge', async ({ page }) => {
  await page.goto('/sale');
  const cards = page
    .getByTestId('product-card')
    .filter({ hasText: /Bestseller|Featured/i })
    .filter({ hasText: /% Off/ });
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const badge = await card.getByText(/^(Bestseller|Featured)$/i).boundingBox();
    const off = await card.getByText(/% Off$/).boundingBox();
    const apart = badge!.x + badge!.width <= off!.x || off!.y >= badge!.y + badge!.height;
    expect(apart, `badges overlap: ${JSON.stringify({ badge, off })}`).toBe(true);
  }
});
