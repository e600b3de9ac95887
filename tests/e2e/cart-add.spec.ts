import { THONG, cartButton, drawer, serverCart, toast } from './support/cart.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * Adding to the cart: from a product card (toast, badge, the drawer with the line), from the product
 * page with the chosen variant and quantity, and Buy Now. Every test runs in a fresh browser context,
 * so each has its own session and its own cart.
 */

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
