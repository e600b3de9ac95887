import type { Page } from '@playwright/test';
import { holdOrderRequest } from './support/checkout-form.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** The cart journey at phone width (Pixel 7): card → drawer → cart page → checkout. */

const THONG = { productId: 1, name: 'T-Rex Tiny Arms Thong', xsRed: 100 };
const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"][data-removed="false"]');
const drawer = (page: Page) => page.getByTestId('cart-drawer');

test('add from a card, adjust in the drawer, then the cart page and a PayPal checkout', async ({
  page,
  expectAccessible,
}) => {
  await gotoHydrated(page, '/shop');
  const card = page.getByTestId('product-card').filter({ hasText: THONG.name });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page)).toContainText('Added to cart!');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
  const box = await drawer(page).boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await drawer(page)
    .getByRole('button', { name: `Increase quantity of ${THONG.name}` })
    .click();
  await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
  await expectAccessible();
  await drawer(page).getByRole('link', { name: 'View full cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(drawer(page)).toHaveCount(0);

  // The phone layout is a list, not the table.
  await expect(page.getByTestId('cart-table')).toBeHidden();
  const row = page.getByTestId('cart-row').filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('line-quantity')).toHaveText('2');
  await expect(page.getByTestId('summary-total')).toHaveText('$55.97');
  await page.getByLabel('Promo code', { exact: true }).fill('dinobooty');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText('Coupon applied! Free shipping unlocked!');
  await expect(page.getByTestId('summary-total')).toHaveText('$49.98');
  await expectAccessible();

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The code applied on the cart page is carried to checkout (it lives in the session).
  await expect(page.getByTestId('summary-promo')).toContainText('DINOBOOTY');
  await expect(page.getByTestId('place-order')).toHaveText('Complete Order • $49.98');
  await page.getByLabel('Email address', { exact: true }).fill('rex@jurassic.com');
  await page.getByLabel('First name', { exact: true }).fill('Rex');
  await page.getByLabel('Last name', { exact: true }).fill('Tyrant');
  await page.getByLabel('Address', { exact: true }).fill('1 Volcano Way');
  await page.getByLabel('City', { exact: true }).fill('Pangaea');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code', { exact: true }).fill('73301');
  await page.getByLabel('Country', { exact: true }).selectOption('AU');
  await page.getByText('PayPal', { exact: true }).click();
  await expectAccessible();
  const order = await holdOrderRequest(page);
  await page.getByTestId('place-order').click();
  await order.sent;
  await expect(page.getByTestId('place-order')).toHaveText('Processing...');
  order.release();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId('order-number')).toHaveText(/^#DINO-\d{6}$/);
  await expect(page.getByTestId('order-total')).toHaveText('$49.98');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('the drawer closes with its close button and the empty cart reads well', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(drawer(page)).toContainText('Your cart is empty');
  await drawer(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
});
