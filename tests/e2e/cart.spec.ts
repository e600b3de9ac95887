import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * The cart: adding from a card and from the product page, the drawer, the cart page (steppers, remove
 * and Undo, promo code), rapid clicks against the server, and the cart's error toasts. Every test runs
 * in a fresh browser context, so each has its own session and its own cart.
 */

const THONG = { productId: 1, name: 'T-Rex Tiny Arms Thong', slug: 't-rex-tiny-arms-thong', xsRed: 100, mRed: 102 };
const BRALETTE = { productId: 4, name: 'Voluptuous Velociraptor Lace Bralette', firstVariant: 400 };

interface ServerCart {
  items: { id: string; quantity: number; product: { name: string }; variant: { id: number } }[];
  itemCount: number;
  total: string;
}

async function serverCart(page: Page): Promise<ServerCart> {
  const response = await page.request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerCart;
}

/** Puts a line in this browser's cart through the API (the request shares the page's cookies). */
async function addViaApi(page: Page, productId: number, variantId: number, quantity = 1): Promise<void> {
  const response = await page.request.post('/api/cart', { data: { productId, variantId, quantity } });
  expect(response.status(), await response.text()).toBe(201);
}

/** The toast on screen: the newest (an older one lingers, hidden, while it animates out). */
const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"][data-removed="false"]');
const drawer = (page: Page) => page.getByTestId('cart-drawer');
const cartButton = (page: Page) => page.getByRole('button', { name: /Open cart/ });
/** The cart page's table (desktop) rows. */
const rows = (page: Page) => page.getByTestId('cart-table').getByTestId('cart-row');

test.describe('adding to the cart', () => {
  test('from a product card: toast, badge and the drawer with the line', async ({ page, expectAccessible }) => {
    await page.goto('/shop');
    await expect(cartButton(page)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    const card = page.getByTestId('product-card').filter({ hasText: THONG.name });
    await card.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(toast(page)).toContainText('Added to cart!');
    await expect(toast(page)).toContainText(`${THONG.name} has been added to your cart.`);
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The same card again: one line, quantity 2; the badge counts quantities.
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(toast(page)).toHaveCount(1);

    // The toast's 'View cart' opens the drawer, which takes the toast away (it would cover the first line).
    await toast(page).getByRole('button', { name: 'View cart' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    const line = drawer(page).getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(THONG.name);
    await expect(line).toContainText('Lava Red');
    await expect(line).toContainText('Size: XS (Compy)');
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await expect(line.getByTestId('line-total')).toHaveText('$49.98');
    await expect(drawer(page)).toContainText('Calculated at checkout');
    await expect(drawer(page).getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    await expectAccessible();

    const cart = await serverCart(page);
    expect(cart.items.map((i) => [i.variant.id, i.quantity])).toEqual([[THONG.xsRed, 2]]);
  });

  test('from the product page with the chosen variant and quantity', async ({ page }) => {
    await gotoHydrated(page, `/product/${THONG.slug}`);
    await page.getByText('XS (Compy)', { exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(toast(page)).toContainText(`${THONG.name} has been added to your cart.`);
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    const cart = await serverCart(page);
    expect(cart.items.map((i) => [i.variant.id, i.quantity])).toEqual([[THONG.xsRed, 3]]);
  });

  test('Buy Now adds the chosen variant and goes to checkout', async ({ page }) => {
    await gotoHydrated(page, `/product/${THONG.slug}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByTestId('summary-line')).toContainText(THONG.name);
    expect((await serverCart(page)).itemCount).toBe(1);
    // Links are page loads (server routing): the toast goes with the shopper to /checkout, once.
    await expect(toast(page)).toContainText('Added to cart!');
    expect(await page.evaluate(() => sessionStorage.getItem('dino-shop:toast'))).toBeNull();
  });
});

test.describe('cart drawer', () => {
  test('closes on Escape and on the backdrop, returns focus, locks scroll, shows the empty state', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/');
    await cartButton(page).click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (0)' })).toBeVisible();
    await expect(drawer(page)).toContainText('Your cart is empty');
    await expect(drawer(page)).toContainText("Looks like you haven't added any sexy dinosaur underwear to your cart yet.");
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await expectAccessible();

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await expect(cartButton(page)).toBeFocused();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

    await cartButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(drawer(page)).toHaveCount(0);

    await cartButton(page).click();
    await drawer(page).getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(drawer(page)).toHaveCount(0);
  });

  test('keeps keyboard focus inside while open', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/');
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer(page).evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    }
  });

  test('steppers stop at 1 and at the stock; Remove empties it', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.mRed);
    await gotoHydrated(page, '/');
    await cartButton(page).click();
    const minus = drawer(page).getByRole('button', { name: `Decrease quantity of ${THONG.name}` });
    const plus = drawer(page).getByRole('button', { name: `Increase quantity of ${THONG.name}` });
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
    await expect(plus).toBeDisabled(); // stock 2
    await expect(minus).toBeEnabled();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect.poll(async () => (await serverCart(page)).itemCount).toBe(2);

    await drawer(page).getByRole('button', { name: `Remove ${THONG.name} from cart` }).click();
    await expect(drawer(page)).toContainText('Your cart is empty');
    // Focus stays in the drawer once the pressed button is gone.
    await expect(drawer(page).getByRole('button', { name: 'Close cart' })).toBeFocused();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (0)' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    // Undo from the toast puts the line back, and the drawer stays open.
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
    await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });
});

test.describe('cart page', () => {
  test('is rendered on the server with the cart, and empty says so', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    await expectAccessible();
    // The page's badge writes the count of the empty cart it loaded after hydration: let it, or it may
    // overwrite the count the server writes below.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'dino.items')?.value).toBe('0');

    await addViaApi(page, THONG.productId, THONG.xsRed, 2);
    const html = await (await page.request.get('/cart')).text();
    expect(html).toContain(THONG.name);
    expect(html).toContain('$49.98');
    // Catalogue pages carry no per-shopper content but the badge's count, drawn by the server.
    const home = await (await page.request.get('/')).text();
    expect(home).toMatch(/data-testid="cart-count"[^>]*>2</);
    const { items } = await serverCart(page);
    expect(home).not.toContain(items[0]!.id);

    await gotoHydrated(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart', exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByRole('link', { name: THONG.name })).toHaveAttribute('href', `/product/${THONG.slug}`);
    await expect(row).toContainText('Lava Red');
    await expect(row).toContainText('Size: XS (Compy)');
    await expect(row).toContainText('$24.99');
    await expect(row.getByTestId('line-total')).toHaveText('$49.98');
    await expect(page.getByTestId('cart-subtotal')).toContainText('Subtotal (2 items): $49.98');
    await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
    await expect(page.getByTestId('summary-total')).toHaveText('$55.97');
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    await expect(page.getByTestId('demo-notice')).toContainText('Demo checkout');
    await expectAccessible();
  });

  test('promo code: invalid in red, DINOBOOTY (any case) frees shipping', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    const code = page.getByLabel('Promo code', { exact: true });
    await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');

    await code.fill('DINOSAUR');
    await page.getByRole('button', { name: 'Apply' }).click();
    const message = page.getByTestId('promo-message');
    await expect(message).toHaveText('Invalid coupon code. Try DINOBOOTY for free shipping!');
    await expect(message).toHaveClass(/\btext-red-700\b/);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('summary-total')).toHaveText('$30.98');

    await code.fill('dinoBooty');
    await code.press('Enter');
    await expect(message).toHaveText('Coupon applied! Free shipping unlocked!');
    await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
    await expect(page.getByTestId('summary-total')).toHaveText('$24.99');
  });

  test('free shipping from a subtotal of $50', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed, 2);
    await addViaApi(page, 13, 1300, 1); // + $18.99 → $68.97
    await gotoHydrated(page, '/cart');
    await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
    await expect(page.getByTestId('summary-total')).toHaveText('$68.97');
  });

  test('steppers at their bounds agree with the server', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.mRed);
    await gotoHydrated(page, '/cart');
    const minus = page.getByRole('button', { name: `Decrease quantity of ${THONG.name}` });
    const plus = page.getByRole('button', { name: `Increase quantity of ${THONG.name}` });
    await expect(minus).toBeDisabled();
    await minus.click({ force: true });
    await plus.click();
    await expect(plus).toBeDisabled();
    await plus.click({ force: true });
    await expect(rows(page).first().getByTestId('line-quantity')).toHaveText('2');
    await expect(rows(page).first().getByTestId('line-total')).toHaveText('$49.98');
    await expect.poll(async () => (await serverCart(page)).items[0]?.quantity).toBe(2);
    await minus.click();
    await expect(rows(page).first().getByTestId('line-quantity')).toHaveText('1');
    await expect.poll(async () => (await serverCart(page)).items[0]?.quantity).toBe(1);
  });

  test('rapid stepper clicks end where the server ends', async ({ page }) => {
    await addViaApi(page, BRALETTE.productId, BRALETTE.firstVariant);
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    const plus = page.getByRole('button', { name: `Increase quantity of ${BRALETTE.name}` });
    const minus = page.getByRole('button', { name: `Decrease quantity of ${BRALETTE.name}` });
    const thongPlus = page.getByRole('button', { name: `Increase quantity of ${THONG.name}` });

    // Slow the API down so the clicks really overlap in flight.
    await page.route('**/api/cart/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await route.continue();
    });
    for (let i = 0; i < 7; i += 1) await plus.click({ delay: 0 });
    await minus.click();
    await thongPlus.click();
    await plus.click();
    // The screen shows every click at once.
    const braletteRow = rows(page).filter({ hasText: BRALETTE.name });
    await expect(braletteRow.getByTestId('line-quantity')).toHaveText('8');

    await expect.poll(async () => (await serverCart(page)).items.map((i) => [i.variant.id, i.quantity]), { timeout: 10_000 }).toEqual([
      [BRALETTE.firstVariant, 8],
      [THONG.xsRed, 2],
    ]);
    await page.waitForLoadState('networkidle');
    await expect(braletteRow.getByTestId('line-quantity')).toHaveText('8');
    await expect(rows(page).filter({ hasText: THONG.name }).getByTestId('line-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-count')).toHaveText('10');
    await expect(page.getByTestId('cart-subtotal')).toContainText((await serverCart(page)).total);
  });

  test('Remove shows the toast, and Undo puts the line back as it was', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed, 3);
    await addViaApi(page, BRALETTE.productId, BRALETTE.firstVariant, 1);
    await gotoHydrated(page, '/cart');
    await page.getByRole('button', { name: `Remove ${THONG.name} from cart` }).click();

    await expect(toast(page)).toContainText('Item removed');
    await expect(toast(page)).toContainText('The item has been removed from your cart');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Your Cart', exact: true })).toBeFocused();
    await expect.poll(async () => (await serverCart(page)).items.length).toBe(1);

    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: THONG.name }).getByTestId('line-quantity')).toHaveText('3');
    await expect
      .poll(async () => (await serverCart(page)).items.map((i) => [i.variant.id, i.quantity]))
      .toEqual([
        [BRALETTE.firstVariant, 1],
        [THONG.xsRed, 3],
      ]);
  });

  test('Clear cart can be undone, and takes away the Undo of an earlier removal', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed, 3);
    await addViaApi(page, BRALETTE.productId, BRALETTE.firstVariant, 2);
    await addViaApi(page, THONG.productId, THONG.mRed, 1);
    await gotoHydrated(page, '/cart');
    await page.getByRole('button', { name: `Remove ${THONG.name} from cart` }).last().click();
    await expect(toast(page)).toContainText('Item removed');
    await expect.poll(async () => (await serverCart(page)).items.length).toBe(2);

    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(toast(page)).toContainText('Cart cleared');
    await expect(toast(page)).toContainText('Everything has been removed from your cart');
    await expect(page.getByText('Item removed')).toHaveCount(0);
    await expect.poll(async () => (await serverCart(page)).items.length).toBe(0);
    // The drawer no longer offers the removed line back into the emptied cart.
    await cartButton(page).click();
    await expect(drawer(page).getByTestId('drawer-removal')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect
      .poll(async () => (await serverCart(page)).items.map((i) => [i.variant.id, i.quantity]))
      .toEqual([
        [THONG.xsRed, 3],
        [BRALETTE.firstVariant, 2],
      ]);
  });

  test('removing the last line shows the empty cart', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    await page.getByRole('button', { name: `Remove ${THONG.name} from cart` }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeFocused();
  });
});

test.describe('cart failures', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (422|500)/] });

  test('a failed quantity change rolls back with its toast', async ({ page }) => {
    await addViaApi(page, THONG.productId, THONG.xsRed);
    await gotoHydrated(page, '/cart');
    await page.route('**/api/cart/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong' }) }),
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
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong' }) })
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

test('a count cookie changed by another tab while a page loads does not break its hydration', async ({ page }) => {
  // The page's code arrives late: another tab's cart answer rewrites the count cookie meanwhile.
  await page.route('**/assets/entries/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.evaluate(() => (document.cookie = 'dino.items=3; Path=/'));
  // Hydrated without a mismatch (the fixture fails the test on any page error), then the badge shows
  // the shopper's real cart: none.
  await expect(page.getByRole('button', { name: /Open cart/ })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});
