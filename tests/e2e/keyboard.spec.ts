import type { Locator, Page } from '@playwright/test';
import { holdOrderRequest } from './support/checkout-form.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/**
 * Keyboard only: a whole purchase without the mouse, and every dialog (focus moves in, Tab stays in,
 * Escape closes, focus returns to the control that opened it).
 */

const THONG = { name: 'T-Rex Tiny Arms Thong', slug: 't-rex-tiny-arms-thong' };

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const focusedIsInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/**
 * Focus is in the dialog, stays in it for a full round of Tab and Shift+Tab, and Escape gives it back.
 * `shown` is something visible inside (a Headless UI dialog's root has no size of its own).
 */
async function expectDialogKeyboard(page: Page, opener: Locator, panel: Locator, shown: Locator): Promise<void> {
  // From the top of the page (its first link), where the header's controls are.
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(shown).toBeVisible();
  await expect.poll(() => focusedIsInside(panel), { message: 'focus moves into the dialog' }).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press(key);
      expect(await focusedIsInside(panel), `${key} #${i + 1} stays in the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect.poll(() => isFocused(opener), { message: 'focus returns to the opener' }).toBe(true);
}

test('a whole purchase by keyboard: choose, add, open the cart, check out', async ({ page, expectAccessible }) => {
  test.setTimeout(60_000); // many key presses, each a round trip
  await gotoHydrated(page, `/product/${THONG.slug}`);
  const sizes = page.getByRole('group', { name: /^Size/ });

  // Size by arrow keys: the checked radio takes focus, arrows move the choice.
  await tabTo(page, sizes.getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(sizes.getByRole('radio', { name: /^M \(Dilo\)/ })).toBeChecked();
  await expect(page.getByText('Only 2 left in stock!')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Add to Cart', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.locator('#toast-announcer')).toContainText('Added to cart!');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The header's cart button, reached backwards, opens the drawer.
  const drawer = page.getByTestId('cart-drawer');
  await tabTo(page, page.getByTestId('cart-button'), { back: true });
  await page.keyboard.press('Enter');
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await tabTo(page, drawer.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(page.getByTestId('place-order')).toBeEnabled();
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, form.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  };
  await typeInto('Email address', 'rex@jurassic.com');
  await typeInto('First name', 'Rex');
  await typeInto('Last name', 'Tyranno');
  await typeInto('Address', '1 Volcano Road');
  await typeInto('City', 'Cretaceous');
  await tabTo(page, form.getByLabel('State', { exact: true }));
  await page.keyboard.press('ArrowDown'); // the first state after the placeholder
  await typeInto('ZIP code', '12345');
  await typeInto('Card number', '4242 4242 4242 4242');
  await typeInto('Name on card', 'Rex Tyranno');
  await typeInto('Expiry date', '12/30');
  await typeInto('CVC', '123');
  const order = await holdOrderRequest(page);
  await page.keyboard.press('Enter');
  await order.sent;
  await expect(page.getByText('Processing...')).toBeVisible();
  order.release();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible({ timeout: 10_000 });
  await expectAccessible();
});

test('at the stock maximum, Increase quantity keeps focus', async ({ page }) => {
  // 5 in stock, and no test buys it: a purchase takes stock, and the whole purchase above buys M Lava Red.
  await gotoHydrated(page, `/product/${THONG.slug}?size=XL&color=Pterodactyl+Pink`);
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await tabTo(page, plus);
  for (const value of ['2', '3', '4', '5']) {
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue(value);
  }
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  expect(await isFocused(plus)).toBe(true);
  await page.keyboard.press('Enter'); // nothing more to add, and focus stays
  await expect(quantity).toHaveValue('5');
  expect(await isFocused(plus)).toBe(true);
});

test('the product quantity field shows where focus is', async ({ page }) => {
  await page.goto(`/product/${THONG.slug}`);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await tabTo(page, quantity);
  const pill = quantity.locator('xpath=..');
  const outline = await pill.evaluate(
    (el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`,
  );
  expect(outline).toBe('solid 3px');
});

test('links reached with Shift+Tab are not hidden under the sticky header', async ({ page }) => {
  await page.goto('/shop');
  await page.keyboard.press('End');
  const header = await page.locator('header').first().boundingBox();
  if (!header) throw new Error('no header');
  await page.getByRole('contentinfo').getByRole('link').first().focus();
  const focusedTop = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el.closest('header') || !el.closest('main')) return Number.POSITIVE_INFINITY;
      return el.getBoundingClientRect().top;
    });
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Shift+Tab');
    // Scrolling is smooth: wait for it to settle below the header.
    await expect
      .poll(focusedTop, { message: `focused element #${i + 1} is below the header`, timeout: 3000 })
      .toBeGreaterThanOrEqual(header.height - 1);
  }
});

test('the cart drawer: focus in, trapped, Escape, focus back', async ({ page }) => {
  await gotoHydrated(page, '/shop');
  await page
    .getByTestId('product-card')
    .first()
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectDialogKeyboard(
    page,
    page.getByTestId('cart-button'),
    page.locator('[role="dialog"]'),
    page.getByTestId('cart-drawer'),
  );
});

test('at checkout, each empty card field is invalid, tied to the message, and focus goes to the first', async ({
  page,
}) => {
  await page.goto('/');
  const added = await page.request.post('/api/cart', { data: { productId: 1, variantId: 100, quantity: 1 } });
  expect(added.status()).toBe(201);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Email address').fill('rex@jurassic.com');
  await form.getByLabel('First name').fill('Rex');
  await form.getByLabel('Last name').fill('Tyranno');
  await form.getByLabel('Address', { exact: true }).fill('1 Volcano Road');
  await form.getByLabel('City').fill('Cretaceous');
  await form.getByLabel('State').selectOption({ index: 1 });
  await form.getByLabel('ZIP code').fill('12345');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('CVC').press('Enter');

  const message = page.locator('#paymentMethod-error');
  await expect(message).toHaveText('Please complete all credit card details');
  for (const label of ['Name on card', 'Expiry date']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(label)).toHaveAccessibleDescription('Please complete all credit card details');
  }
  for (const label of ['Card number', 'CVC'])
    await expect(form.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first field to fill: the first empty card field, which names the message.
  await expect(form.getByLabel('Name on card')).toBeFocused();
  await page.keyboard.type('Rex Tyranno');
  // Filled in, the field is valid again.
  await expect(form.getByLabel('Name on card')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Expiry date')).toHaveAttribute('aria-invalid', 'true');
});

test('the drawer announces a removal in itself and offers its Undo where the keyboard is', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/shop');
  for (const productId of [1, 4]) {
    const variantId = productId * 100;
    expect((await page.request.post('/api/cart', { data: { productId, variantId, quantity: 1 } })).status()).toBe(201);
  }
  await page.reload();
  const drawer = page.getByTestId('cart-drawer');
  await tabTo(page, page.getByTestId('cart-button'));
  await page.keyboard.press('Enter');
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await tabTo(page, drawer.getByRole('button', { name: `Remove ${THONG.name} from cart` }));
  await page.keyboard.press('Enter');
  // The page's live region is hidden from screen readers while the dialog is open: the drawer's own says it.
  await expect(drawer.getByRole('status')).toHaveText(`Item removed: ${THONG.name}`);
  // Focus stays in the drawer, one Shift+Tab from the Undo, and Tab comes round to it too.
  const undo = drawer.getByRole('button', { name: `Undo removing ${THONG.name}` });
  await expect(undo).toBeVisible();
  await tabTo(page, undo, { back: true, max: 5 });
  await page.keyboard.press('Tab');
  await tabTo(page, undo, { max: 15 });
  await expectAccessible();
  await page.keyboard.press('Enter');
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await expect(drawer.getByTestId('drawer-removal')).toHaveCount(0);
  await expect(drawer.getByTestId('cart-line').filter({ hasText: THONG.name })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu: focus in, trapped, Escape, focus back', async ({ page }) => {
    await page.goto('/');
    await expectDialogKeyboard(
      page,
      page.getByLabel('Open menu', { exact: true }),
      page.getByRole('dialog', { name: 'Menu' }),
      page.getByRole('navigation', { name: 'Mobile' }),
    );
  });

  test('the listing filters: focus in, trapped, Escape, focus back', async ({ page }) => {
    await page.goto('/shop');
    const opener = page.getByRole('button', { name: /^Filters/ });
    await expectDialogKeyboard(
      page,
      opener,
      page.getByRole('dialog', { name: 'Filters' }),
      page.getByRole('button', { name: 'Close filters' }),
    );
  });
});
