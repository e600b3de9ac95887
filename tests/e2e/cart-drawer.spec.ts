import { THONG, addViaApi, cartButton, drawer, serverCart, toast } from './support/cart.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * The cart drawer: closing, focus trap and scroll lock, the empty state, its steppers, Remove and Undo.
 * Every test runs in a fresh browser context, so each has its own session and its own cart.
 */

test.describe('cart drawer', () => {
  test('closes on Escape and on the backdrop, returns focus, locks scroll, shows the empty state', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, '/');
    await cartButton(page).click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (0)' })).toBeVisible();
    await expect(drawer(page)).toContainText('Your cart is empty');
    await expect(drawer(page)).toContainText(
      "Looks like you haven't added any sexy dinosaur underwear to your cart yet.",
    );
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

    await drawer(page)
      .getByRole('button', { name: `Remove ${THONG.name} from cart` })
      .click();
    await expect(drawer(page)).toContainText('Your cart is empty');
    // Focus stays in the drawer once the pressed button is gone.
    await expect(drawer(page).getByRole('button', { name: 'Close cart' })).toBeFocused();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (0)' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    // The drawer's own row offers the Undo; no page toast covers it.
    await expect(drawer(page).getByTestId('drawer-removal')).toContainText(`Item removed: ${THONG.name}`);
    await expect(toast(page)).toHaveCount(0);
    await drawer(page)
      .getByRole('button', { name: `Undo removing ${THONG.name}` })
      .click();
    await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
    await expect(drawer(page).getByTestId('line-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });
});
