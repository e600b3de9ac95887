import { THONG, addViaApi, cartButton, drawer, rows, serverCart, toast } from './support/cart.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * The cart's failures: a failed or refused change, clear, add or load rolls back and says so in its
 * toast. Every test runs in a fresh browser context, so each has its own session and its own cart.
 */

test.describe('cart failures', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (422|500)/] });

  test('a failed quantity change rolls back with its toast', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    await page.route('**/api/cart/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong' }),
      }),
    );
    await page.getByRole('button', { name: `Increase quantity of ${THONG.name}` }).click();
    await expect(toast(page)).toContainText('Failed to update item quantity');
    await expect(toast(page)).toContainText('Something went wrong');
    await expect(rows(page).first().getByTestId('line-quantity')).toHaveText('1');

    await page.getByRole('button', { name: `Remove ${THONG.name} from cart` }).click();
    await expect(toast(page)).toContainText('Failed to remove item');
    await expect(rows(page)).toHaveCount(1);
    await expect(toast(page)).toHaveCount(1);
  });

  test('a failed Clear cart puts the lines back with its toast', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed, 2);
    await gotoHydrated(page, '/cart');
    await page.route('**/api/cart', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong' }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(toast(page)).toContainText('Failed to clear cart');
    await expect(toast(page)).toContainText('Something went wrong');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect((await serverCart(page)).items).toHaveLength(1);
  });

  test('more than the stock: the add rolls back with the destructive toast', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.mRed, 2);
    await gotoHydrated(page, `/product/${THONG.slug}`);
    await page.getByText('M (Dilo)', { exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(toast(page)).toContainText('Failed to add item to cart');
    await expect(toast(page)).toContainText('Only 2 left in stock, and 2 are already in your cart');
    await expect(toast(page)).toHaveAttribute('data-type', 'error');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });

  test("a failed cart load says 'Error loading cart'", async ({ page }) => {
    await page.route('**/api/cart', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await gotoHydrated(page, '/');
    await expect(toast(page)).toContainText('Error loading cart');
    await expect(toast(page)).toContainText('There was a problem loading your cart. Please try refreshing the page.');
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    // The drawer does not call a cart it could not load empty.
    await cartButton(page).click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart', exact: true })).toBeVisible();
    await expect(drawer(page).getByText('There was a problem loading your cart.')).toBeVisible();
  });

  test('a failed add from a card says so', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/shop');
    await page.route('**/api/cart', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(toast(page)).toContainText('Failed to add item to cart');
    await expect(toast(page)).toContainText('Please try again');
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expectAccessible();
  });
});
