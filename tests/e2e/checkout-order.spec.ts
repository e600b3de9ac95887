import type { Page } from '@playwright/test';
import { THONG, addViaApi, serverCart, serverItemCount } from './support/cart.ts';
import { fillContactAndAddress, holdOrderRequest, submit } from './support/checkout-form.ts';
import { type OrderedElsewhere, giveBack, orderElsewhere } from './support/orders-elsewhere.ts';
import { expect, gotoBeforeHydration, gotoHydrated, test } from './support/fixtures.ts';

/**
 * The demo checkout: every validation message next to its field, the payment method rules,
 * 'Processing...', the confirmation, the cart cleared, the empty-cart redirect, and the form typed into
 * before the page hydrates.
 */

/** The message shown under a field, found through the field's aria-describedby. */
async function messageFor(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `${label} has an error message`).toBeTruthy();
  return (await page.locator(`[id="${errorId}"]`).textContent())?.trim() ?? '';
}

test('an empty cart goes to /cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
});

test('every validation message, then a completed order that clears the cart', async ({ page, expectAccessible }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
  await expect(page.getByTestId('summary-line')).toContainText(THONG.name);
  // No promo code applied on the cart page: $24.99 + $5.99.
  await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
  await expect(page.getByTestId('summary-total')).toHaveText('$30.98');
  await expect(submit(page)).toHaveText('Complete Order • $30.98');
  await expect(page.getByTestId('demo-notice')).toContainText('No payment is taken');
  await expect(page.getByTestId('demo-notice')).toContainText('you can track it with its number and your email');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await expect(page.getByRole('radio', { name: /Credit card/ })).toBeChecked();

  await submit(page).click();
  expect(await messageFor(page, 'Email address')).toBe('Please enter a valid email address');
  expect(await messageFor(page, 'First name')).toBe('First name must be at least 2 characters');
  expect(await messageFor(page, 'Last name')).toBe('Last name must be at least 2 characters');
  expect(await messageFor(page, 'Address')).toBe('Please enter your full address');
  expect(await messageFor(page, 'City')).toBe('Please enter your city');
  expect(await messageFor(page, 'State')).toBe('Please select your state');
  expect(await messageFor(page, 'ZIP code')).toBe('Please enter a valid zip code');
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toHaveAccessibleDescription(
    'Please complete all credit card details',
  );
  await expect(page.getByLabel('Email address', { exact: true })).toBeFocused();
  await expectAccessible();

  // Country cannot be emptied through the select, so its message is checked in the unit tests.
  await page.getByLabel('Email address', { exact: true }).fill('rex@jurassic');
  await page.getByLabel('First name', { exact: true }).fill('R');
  await page.getByLabel('ZIP code', { exact: true }).fill('9021');
  expect(await messageFor(page, 'Email address')).toBe('Please enter a valid email address');
  expect(await messageFor(page, 'First name')).toBe('First name must be at least 2 characters');
  expect(await messageFor(page, 'ZIP code')).toBe('Please enter a valid zip code');

  await fillContactAndAddress(page);
  await expect(page.getByLabel('Email address', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

  // Card details: one missing keeps the payment message.
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Name on card', { exact: true }).fill('Rex Tyrant');
  await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
  await submit(page).click();
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toHaveAccessibleDescription(
    'Please complete all credit card details',
  );
  // Focus goes to the empty card field, which is invalid and tied to that message.
  await expect(page.getByLabel('CVC', { exact: true })).toBeFocused();
  await expect(page.getByLabel('CVC', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('CVC', { exact: true })).toHaveAccessibleDescription(
    'Please complete all credit card details',
  );
  await expect(page.getByLabel('Expiry date', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).not.toHaveAttribute('aria-describedby');

  // The order goes to the shop (no card charged); nothing else leaves the browser but the cart's reads.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  // 'Processing...' while the order is on its way (held here so it can be seen), and no longer.
  const order = await holdOrderRequest(page);
  await submit(page).click();
  await order.sent;
  await expect(submit(page)).toHaveText('Processing...');
  await expect(submit(page)).toHaveAttribute('aria-disabled', 'true');
  order.release();

  const confirmation = page.getByTestId('order-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible({ timeout: 5000 });
  await expect(confirmation.getByTestId('order-number')).toHaveText(/^#DINO-\d{6}$/);
  await expect(confirmation.getByTestId('order-date')).toHaveText(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date()),
  );
  await expect(confirmation.getByTestId('order-total')).toHaveText('$30.98');
  await expect(confirmation.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // Tracked with its number and the shopper's email: Track Order opens at the number.
  const placed = (await confirmation.getByTestId('order-number').textContent()) ?? '';
  await expect(confirmation.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
    'href',
    `/track-order?number=${encodeURIComponent(placed)}`,
  );

  // The cart is cleared, and the confirmation stays (no redirect to /cart).
  await expect.poll(() => serverItemCount(page)).toBe(0);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  // A redirect to the empty cart would follow the cart's refetch: give it the time it would take.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(confirmation).toBeVisible();
  expect(calls.filter((call) => call !== 'GET /api/cart')).toEqual(['POST /api/orders']);
  // The number shown is the one the shop recorded, found with the address it was placed with.
  const shown = (await confirmation.getByTestId('order-number').textContent())!;
  const recorded = await page.request.get(`/api/orders/${encodeURIComponent(shown)}?email=rex%40jurassic.com`);
  expect(recorded.status()).toBe(200);
  expect(((await recorded.json()) as { total: string }).total).toBe('30.98');
  await expectAccessible();

  // A reload keeps the confirmation and its number (the cart is empty by now).
  const number = await confirmation.getByTestId('order-number').textContent();
  await page.reload();
  await expect(confirmation.getByTestId('order-number')).toHaveText(number!);
  await expect(confirmation.getByTestId('order-total')).toHaveText('$30.98');
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/checkout$/);

  await confirmation.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A new cart's checkout is a checkout again, not the old confirmation.
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await page.goto('/checkout');
  await expect(page.getByTestId('place-order')).toBeVisible();
  await expect(confirmation).toHaveCount(0);
});

test('PayPal needs no card details and hides the card fields', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed, 2);
  await gotoHydrated(page, '/checkout');
  // $49.98 is still below $50: shipping is charged.
  await expect(page.getByTestId('summary-total')).toHaveText('$55.97');
  await submit(page).click();
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toHaveAccessibleDescription(
    'Please complete all credit card details',
  );
  await page.getByText('PayPal', { exact: true }).click();
  await expect(page.getByTestId('card-fields')).toHaveCount(0);
  await expect(page.getByLabel('Card number', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).not.toHaveAttribute('aria-describedby');
  await page.getByText('Credit card', { exact: true }).click();
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
});

test('what is typed before the page hydrates counts, and the form is a real form meanwhile', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoBeforeHydration(page, '/checkout');
  const email = page.getByLabel('Email address', { exact: true });
  await email.fill('early@jurassic.com');
  // Before hydration a press posts the form to /checkout, which validates it on the server.
  await expect(page.getByRole('form', { name: 'Checkout' })).toHaveAttribute('method', 'post');
  await expect(page.getByRole('form', { name: 'Checkout' })).toHaveAttribute('action', '/checkout');
  await page.getByLabel('First name', { exact: true }).fill('Early');

  await expect(submit(page)).toBeEnabled({ timeout: 15_000 });
  await submit(page).click();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkout$/);
});

test.describe('refused for stock', () => {
  // The browser logs the shop's 409 as a failed resource; that answer is the point of the test.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('an order refused for stock says so at once, names the line and what is left, and places nothing', async ({
    page,
    browser,
  }) => {
    // A product no other test buys: its smallest variant still holding at least two.
    const LOUNGE = { productId: 9, variantId: 910 };
    const stockOf = async () => {
      const variants = (await (await page.request.get(`/api/products/${LOUNGE.productId}/variants`)).json()) as Array<{
        id: number;
        stock: number;
      }>;
      return variants.find((v) => v.id === LOUNGE.variantId)!.stock;
    };
    const stock = await stockOf();
    // Every run gives back what the other shopper bought (below), so a server kept running between local
    // runs holds the units too.
    expect(stock, 'units of variant 910 left').toBeGreaterThanOrEqual(2);
    const elsewhere: OrderedElsewhere[] = [];
    try {
      await addViaApi(page, LOUNGE.productId, LOUNGE.variantId, stock);
      await gotoHydrated(page, '/checkout');
      await fillContactAndAddress(page);
      await page.getByText('PayPal', { exact: true }).click();

      // Meanwhile another shopper buys one of them.
      elsewhere.push(await orderElsewhere(browser, { ...LOUNGE, quantity: 1 }, 'other@jurassic.com'));

      const orders: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/orders') orders.push(response.status());
      });
      await submit(page).click();
      const refusal = page.getByTestId('order-refusal');
      await expect(refusal).toHaveText(
        new RegExp(`^Sorry, only ${stock - 1} of Brontosaurus Long Neck Lounge Boxers \\(.+\\) (is|are) left$`),
      );
      // The shop's answer is final: sent once, never waited on as a lost connection.
      expect(orders).toEqual([409]);
      await expect(page.getByRole('status').filter({ hasText: 'Reconnecting to the shop…' })).toHaveCount(0);
      await expect(page.getByTestId('order-confirmation')).toHaveCount(0);
      await expect(submit(page)).toBeEnabled();
      expect(await stockOf()).toBe(stock - 1);
      expect((await serverCart(page)).items.map((i) => i.quantity)).toEqual([stock]);
    } finally {
      await giveBack(page.request, elsewhere);
    }
    expect(await stockOf()).toBe(stock);
  });
});
