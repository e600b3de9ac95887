import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** The header search: a combobox with instant suggestions, and a plain GET form without JavaScript. */

const box = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search the shop' });

test('typing shows suggestions; the arrow keys, Escape and Enter work as a combobox', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' }).click();
  await expect(box(page)).toBeFocused();
  await page.keyboard.type('raptr boxer');

  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list).toBeVisible();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('Raptor Sneaky Silk Boxers');
  await expect(options.first()).toContainText('$');
  await expect(options.first().locator('mark')).toHaveText(['Raptor', 'Boxers']);
  await expect(options.first().locator('img')).toHaveAttribute('src', /\/images\//);
  await expect(options.last()).toHaveText('See all results for “raptr boxer”');
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(/1 product found/);
  await expectAccessible();

  // Arrow keys move the current option; focus stays in the box.
  await page.keyboard.press('ArrowDown');
  const firstId = await options.first().getAttribute('id');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', firstId!);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toBeFocused();

  // Escape closes the list, then clears the box.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('');

  // Enter with no option chosen searches the listing, with the same matching.
  await page.keyboard.type('raptr boxer');
  await expect(list).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=raptr\+boxer$/);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Raptor Sneaky Silk Boxers');
});

test('Enter on a suggestion opens it; categories are suggested too', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' }).focus();
  await page.keyboard.type('raptors');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  // Typing can outlast the debounce on a busy machine: wait for the suggestions for the whole word.
  await expect(list.getByRole('option').last()).toHaveText('See all results for “raptors”');
  await expect(list.getByRole('group', { name: 'Categories' }).getByRole('option')).toHaveText(['Category: Raptor']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/raptor-/);
});

test('keys typed while the combobox loads and replaces the plain box all reach it, in order', async ({ page }) => {
  await gotoHydrated(page, '/shop');
  // A slow network: the combobox's code arrives while the shopper is typing.
  await page.route('**/assets/chunks/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' }).focus();
  await page.keyboard.type('raptor boxers', { delay: 50 });
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue('raptor boxers');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').last()).toHaveText(
    'See all results for “raptor boxers”',
  );
});

test('tabbing past the search box while its combobox loads leaves focus where the keyboard went', async ({ page }) => {
  await gotoHydrated(page, '/shop');
  await page.route('**/assets/chunks/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' }).focus();
  await page.keyboard.press('Tab');
  await page.evaluate(() => document.activeElement?.setAttribute('data-tabbed-to', ''));
  // The combobox arrives and takes the plain box's place, but not the focus.
  await expect(box(page)).toBeVisible();
  await expect(page.locator('[data-tabbed-to]')).toBeFocused();
  await expect(box(page)).not.toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a plain GET form to /shop', async ({ page }) => {
    await page.goto('/faq');
    const plain = page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' });
    await plain.fill('lace bralete');
    await plain.press('Enter');
    await expect(page).toHaveURL(/\/shop\?search=lace\+bralete$/);
    const names = await page.getByTestId('product-card').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(name).toMatch(/Lace Bralette/);
  });
});

test('the box takes 100 characters as a reader counts them, emoji included, and the listing searches them', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' }).click();
  await expect(box(page)).toBeFocused();
  await box(page).fill('🦖'.repeat(101));
  await expect(box(page)).toHaveValue('🦖'.repeat(100));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('🦖'.repeat(100));
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
});
