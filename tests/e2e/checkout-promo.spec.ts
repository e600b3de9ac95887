import { THONG, addViaApi } from './support/cart.ts';
import { submit } from './support/checkout-form.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * Shipping and the promo code at checkout: free from $50; a code applied on the cart page or at
 * checkout is kept in the session and honoured; a code the session did not keep is not shown as applied.
 */

test('free shipping at checkout from $50', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed, 3);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
  await expect(submit(page)).toHaveText('Complete Order • $74.97');
});

test('a promo code applied just before Proceed to Checkout is honoured there, however slow its post', async ({
  page,
}) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/cart');
  await page.route('**/cart/promo', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByLabel('Promo code').fill('DINOBOOTY');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText('Coupon applied! Free shipping unlocked!');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('summary-promo')).toContainText('DINOBOOTY');
  // $24.99 alone would pay $5.99 shipping: the code made it free.
  await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
});

test('the promo code the banner names can be entered at checkout too, and is kept', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
  await page.getByLabel('Promo code').fill('nope');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText('Invalid coupon code. Try DINOBOOTY for free shipping!');
  await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
  await page.getByLabel('Promo code').fill('dinobooty');
  const saved = page.waitForResponse('**/cart/promo');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-message')).toHaveText('Coupon applied! Free shipping unlocked!');
  await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
  await expect(submit(page)).toHaveText('Complete Order • $24.99');
  // Kept in the session: a reload still has it.
  await saved;
  await page.reload();
  await expect(page.getByTestId('summary-promo')).toContainText('DINOBOOTY');
  await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
  // The cart drawer, on any page, knows it too.
  await page.goto('/shop');
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByRole('dialog').getByText("You've unlocked free shipping!")).toBeVisible();
});

test.describe('a promo code the session did not keep', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('is not shown as applied, and checkout charges shipping', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    await page.route('**/cart/promo', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal Server Error","message":"Something went wrong"}',
      }),
    );
    await page.getByLabel('Promo code').fill('DINOBOOTY');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('promo-message')).toHaveText(
      "We couldn't save your code for checkout. Please try again.",
    );
    await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
  });

  test('is not shown as applied when the post was answered with a page rather than the code kept', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    // As a refusal a form shows (a rate limit, say) would be: back to a page, not the JSON the page asked for.
    await page.route('**/cart/promo', (route) => route.fulfill({ status: 303, headers: { location: '/cart' } }));
    await page.getByLabel('Promo code').fill('DINOBOOTY');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('promo-message')).toHaveText(
      "We couldn't save your code for checkout. Please try again.",
    );
  });
});
