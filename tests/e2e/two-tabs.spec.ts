import type { Page } from '@playwright/test';
import { fillContactAndAddress } from './support/checkout-form.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * One cart in two tabs: a tab that has not seen the other's change never overwrites it. Its stepper
 * and its checkout send the cart version they last saw; when the cart moved on, nothing changes, the
 * tab says so and shows the cart as it is. Both tabs share the browser context, so one session.
 */

// A stale tab's conditional change is answered 412 (the cart as it is now), which the console logs.
test.use({ allowedConsoleErrors: [/status of 412/] });

const THONG = { productId: 1, name: 'T-Rex Tiny Arms Thong', xsRed: 100 };
const BRALETTE = { productId: 4, name: 'Voluptuous Velociraptor Lace Bralette', firstVariant: 400 };

async function addViaApi(page: Page, productId: number, variantId: number, quantity = 1): Promise<void> {
  const response = await page.request.post('/api/cart', { data: { productId, variantId, quantity } });
  expect(response.status(), await response.text()).toBe(201);
}

async function serverLines(page: Page): Promise<Array<[string, number]>> {
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { quantity: number; product: { name: string } }[];
  };
  return cart.items.map((item) => [item.product.name, item.quantity]);
}

const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"][data-removed="false"]');
const quantity = (page: Page) => page.getByTestId('cart-table').getByTestId('line-quantity');

test('a stale tab\'s "+" does not lower a quantity raised in another tab: it says so and shows the cart as it is', async ({
  page,
  context,
}) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/cart');
  const other = await context.newPage();
  await gotoHydrated(other, '/cart');
  await expect(quantity(other)).toHaveText('1');

  const increase = (p: Page) =>
    p.getByTestId('cart-table').getByRole('button', { name: `Increase quantity of ${THONG.name}` });
  for (let n = 2; n <= 5; n++) {
    await increase(page).click();
    await expect(quantity(page)).toHaveText(String(n));
  }
  await expect.poll(() => serverLines(page)).toEqual([[THONG.name, 5]]);

  await increase(other).click();
  await expect(toast(other)).toContainText('Your cart was changed');
  await expect(toast(other)).toContainText('It was changed in another tab or window');
  await expect(quantity(other)).toHaveText('5');
  expect(await serverLines(page)).toEqual([[THONG.name, 5]]);

  // Now up to date, the tab's next step applies.
  await increase(other).click();
  await expect(quantity(other)).toHaveText('6');
  await expect.poll(() => serverLines(page)).toEqual([[THONG.name, 6]]);
});

test('checkout in a stale tab does not place an order, nor empty a line added in another tab', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('place-order')).toHaveText('Complete Order • $30.98');
  // Another tab adds a line after this checkout was shown.
  await addViaApi(page, BRALETTE.productId, BRALETTE.firstVariant);

  await fillContactAndAddress(page);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await page.getByTestId('place-order').click();

  await expect(toast(page)).toContainText('Your cart was changed', { timeout: 5000 });
  await expect(page.getByTestId('order-confirmation')).toHaveCount(0);
  // The summary now holds both lines, and the form is still filled in.
  await expect(page.getByTestId('summary-line')).toHaveCount(2);
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('rex@jurassic.com');
  expect((await serverLines(page)).map(([name]) => name).sort()).toEqual([BRALETTE.name, THONG.name].sort());

  // Placed again, on the cart as it now shows, the order goes through.
  await expect(page.getByTestId('place-order')).toHaveText(/^Complete Order • \$/);
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('order-confirmation')).toBeVisible({ timeout: 5000 });
  expect(await serverLines(page)).toEqual([]);
});

test("a step queued behind a remove whose answer shows another tab's change is dropped, not sent over it", async ({
  page,
}) => {
  await addViaApi(page, THONG.productId, THONG.xsRed, 2);
  await addViaApi(page, BRALETTE.productId, BRALETTE.firstVariant);
  await gotoHydrated(page, '/cart');
  const thongRow = page.getByTestId('cart-table').getByTestId('cart-row').filter({ hasText: THONG.name });
  await expect(thongRow.getByTestId('line-quantity')).toHaveText('2');
  // Another tab raises the thong to 5.
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    items: { id: string; product: { name: string } }[];
  };
  const thong = cart.items.find((item) => item.product.name === THONG.name)!;
  expect((await page.request.put(`/api/cart/${thong.id}`, { data: { quantity: 5 } })).ok()).toBe(true);

  // This tab removes the bralette and, while that is on its way, steps the thong from the 2 it shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cart/*', async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  await page
    .getByRole('button', { name: `Remove ${BRALETTE.name} from cart` })
    .first()
    .click();
  await thongRow.getByRole('button', { name: `Increase quantity of ${THONG.name}` }).click();
  release();

  await expect(toast(page)).toContainText('Your cart was changed');
  await expect(thongRow.getByTestId('line-quantity')).toHaveText('5');
  await expect.poll(() => serverLines(page)).toEqual([[THONG.name, 5]]);
});

test('checkout after another tab emptied the cart goes to the cart and says why', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('place-order')).toHaveText('Complete Order • $30.98');
  expect((await page.request.delete('/api/cart')).ok()).toBe(true);
  await fillContactAndAddress(page);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cart$/, { timeout: 10_000 });
  await expect(toast(page)).toContainText('Your cart was changed');
  await expect(page.getByTestId('order-confirmation')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a stale page's stepper changes nothing and says so; the page then shows the cart as it is", async ({
    page,
  }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await page.goto('/cart');
    await expect(quantity(page)).toHaveText('1');
    // Another tab (or device) raises the quantity to 4.
    const cart = (await (await page.request.get('/api/cart')).json()) as { items: { id: string }[] };
    expect((await page.request.put(`/api/cart/${cart.items[0]!.id}`, { data: { quantity: 4 } })).ok()).toBe(true);

    await page
      .getByTestId('cart-table')
      .getByRole('button', { name: `Increase quantity of ${THONG.name}` })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Your cart was changed')).toBeVisible();
    await expect(quantity(page)).toHaveText('4');
    expect(await serverLines(page)).toEqual([[THONG.name, 4]]);
  });
});
