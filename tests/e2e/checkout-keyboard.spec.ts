import { THONG, addViaApi, serverItemCount } from './support/cart.ts';
import { submit } from './support/checkout-form.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The checkout with the keyboard only: from the header's cart button to a confirmed order.
 */

test('keyboard only: from the cart button to a confirmed order', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await page.goto('/');
  // Open the drawer from the header with the keyboard and follow Proceed to Checkout.
  await page.getByRole('button', { name: /Open cart/ }).focus();
  await page.keyboard.press('Enter');
  const proceed = page.getByTestId('cart-drawer').getByRole('link', { name: 'Proceed to Checkout' });
  await expect(proceed).toBeVisible();
  for (let i = 0; i < 20 && !(await proceed.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(proceed).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  const email = page.getByLabel('Email address', { exact: true });
  await expect(email).toBeVisible();
  for (let i = 0; i < 40 && !(await email.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(email).toBeFocused();

  await page.keyboard.type('rex@jurassic.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Rex');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tyrant');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1 Volcano Way');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Pangaea');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('State', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // first state
  await page.keyboard.press('Tab');
  await page.keyboard.type('90210');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Country', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /Credit card/ })).toBeFocused();
  // Arrow keys move through the radio group: PayPal, then back to card.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /PayPal/ })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: /Credit card/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Rex Tyrant');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(submit(page)).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeFocused({ timeout: 5000 });
  await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
  await expect.poll(() => serverItemCount(page)).toBe(0);
});
