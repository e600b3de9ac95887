import { BRALETTE, THONG, addViaApi, cartButton, drawer, rows, serverCart, toast } from './support/cart.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * The cart page: rendered on the server, the promo code and free shipping, the steppers against the
 * server (rapid clicks too), Remove and Clear cart with Undo, and the empty cart. Every test runs in a
 * fresh browser context, so each has its own session and its own cart.
 */

test.describe('cart page', () => {
  test('is rendered on the server with the cart, and empty says so', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    await expectAccessible();
    // The page's badge writes the count of the empty cart it loaded after hydration: let it, or it may
    // overwrite the count the server writes below.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'dino.items')?.value)
      .toBe('0');

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
    // What is true of this shop's checkout: no payment, but the order is real, kept and tracked.
    await expect(page.getByTestId('demo-notice')).toContainText('Demo checkout');
    await expect(page.getByTestId('demo-notice')).toContainText('No payment is taken');
    await expect(page.getByTestId('demo-notice')).toContainText('you can track it with its number and your email');
    await expect(page.getByTestId('demo-notice')).not.toContainText('nothing ships');
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

    await expect
      .poll(async () => (await serverCart(page)).items.map((i) => [i.variant.id, i.quantity]), { timeout: 10_000 })
      .toEqual([
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
    await page
      .getByRole('button', { name: `Remove ${THONG.name} from cart` })
      .last()
      .click();
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
