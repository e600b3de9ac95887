import { expect, test } from './support/fixtures.ts';

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

test('the filter panel slides in and applies filters', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Filters' })).toBeVisible();
  const collection = panel.getByRole('group', { name: 'Collection' }).getByRole('checkbox').first();
  await collection.check();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Filters 1 active/ })).toBeVisible();
});

for (const path of ['/', '/shop', '/category/raptor', '/product/t-rex-tiny-arms-thong', '/sale', '/size-guide', '/track-order', '/contact']) {
  test(`${path} fits a phone screen and is accessible`, async ({ page, expectAccessible }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible();
  });
}
