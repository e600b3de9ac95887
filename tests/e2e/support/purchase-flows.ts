import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Every shopper action, as a shopper does it, with JavaScript off (plain forms: POST, 303, a page
 * with the flash) and again with it on (the same forms, enhanced in place). The two runs share these
 * steps: what the shopper sees must be the same either way.
 */
const THONG = { name: 'T-Rex Tiny Arms Thong', slug: 't-rex-tiny-arms-thong' };
const BRALETTE = 'Voluptuous Velociraptor Lace Bralette';

const badge = (page: Page) => page.getByTestId('cart-count');
/** The cart page's lines, whichever layout (table or list) the viewport shows. */
const visibleRows = (page: Page) => page.getByTestId('cart-row').locator('visible=true');

async function expectShopperMessage(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).locator('visible=true').first()).toBeVisible();
}

/**
 * axe runs as a script, which a page without JavaScript cannot run: check the page as it is shown (its
 * HTML, scripts stripped) in a second page that may run axe. The no-JS page's DOM is what gets checked.
 */
export async function expectAccessibleAsShown(page: Page, expectAccessible: (page?: Page) => Promise<void>) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  // Test options (javaScriptEnabled: false) apply to new contexts too: ask for scripts explicitly.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
  });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await copy.goto(page.url());
    // Let entrance transitions end (colour contrast is measured mid-fade otherwise).
    await copy.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await expectAccessible(copy);
  } finally {
    await context.close();
  }
}

export function purchaseFlows(javaScriptEnabled: boolean) {
  const mode = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });
    // Many page loads and accessibility checks each, on a shared 2-core machine.
    test.describe.configure({ timeout: 120_000 });

    test('a whole purchase: product page, card, cart page, promo code, checkout', async ({
      page,
      expectAccessible,
    }) => {
      test.setTimeout(240_000);
      // Product page: size, colour and quantity are form fields.
      await page.goto(`/product/${THONG.slug}`);
      await page.locator('label').filter({ hasText: 'XS (Compy)' }).click();
      await page.getByLabel('Quantity', { exact: true }).fill('2');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expectShopperMessage(page, 'Added to cart!');
      await expectShopperMessage(page, `${THONG.name} has been added to your cart.`);
      await expect(badge(page)).toHaveText('2');
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);

      // A card on the listing: the badge is drawn by the server on the (cached) listing page too.
      await page.goto('/shop');
      await expect(badge(page)).toHaveText('2');
      await page
        .getByTestId('product-card')
        .filter({ hasText: BRALETTE })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await expectShopperMessage(page, `${BRALETTE} has been added to your cart.`);
      await expect(badge(page)).toHaveText('3');
      await expect(page).toHaveURL(/\/shop$/);

      // The header's cart control reaches the cart without JavaScript (a link to /cart).
      if (javaScriptEnabled) await page.goto('/cart');
      else await page.getByRole('link', { name: /^Cart/ }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(visibleRows(page)).toHaveCount(2);
      const thong = visibleRows(page).filter({ hasText: THONG.name });
      await expect(thong.getByTestId('line-quantity')).toHaveText('2');
      await thong.getByRole('button', { name: `Increase quantity of ${THONG.name}` }).click();
      await expect(thong.getByTestId('line-quantity')).toHaveText('3');
      await expect(badge(page)).toHaveText('4');

      await visibleRows(page)
        .filter({ hasText: BRALETTE })
        .getByRole('button', { name: `Remove ${BRALETTE} from cart` })
        .click();
      await expectShopperMessage(page, 'Item removed');
      await expect(visibleRows(page)).toHaveCount(1);

      // Promo code: a wrong one says so; DINOBOOTY frees shipping, here and at checkout.
      const promo = page.getByLabel('Promo code');
      await promo.fill('TREX');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('promo-message')).toHaveText(
        'Invalid coupon code. Try DINOBOOTY for free shipping!',
      );
      await page.getByLabel('Promo code').fill('dinobooty');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('promo-message')).toHaveText('Coupon applied! Free shipping unlocked!');
      await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);

      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByTestId('summary-promo')).toContainText('DINOBOOTY');
      await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
      // 3 x $24.99, shipping free with the code.
      await expect(page.getByTestId('summary-total')).toHaveText('$74.97');

      // Invalid: the schema's messages next to the fields, the values kept.
      await page.getByLabel('Email address', { exact: true }).fill('rex@jurassic');
      await page.getByLabel('First name', { exact: true }).fill('Rex');
      await page.getByTestId('place-order').click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expect(page.getByText('Last name must be at least 2 characters')).toBeVisible();
      await expect(page.getByText('Please complete all credit card details')).toBeVisible();
      await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Rex');
      await expect(page.getByLabel('Email address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);

      await page.getByLabel('Email address', { exact: true }).fill('rex@jurassic.com');
      await page.getByLabel('Last name', { exact: true }).fill('Tyrant');
      await page.getByLabel('Address', { exact: true }).fill('1 Volcano Way');
      await page.getByLabel('City', { exact: true }).fill('Pangaea');
      await page.getByLabel('State', { exact: true }).selectOption('CA');
      await page.getByLabel('ZIP code', { exact: true }).fill('90210');
      await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
      await page.getByLabel('Name on card', { exact: true }).fill('Rex Tyrant');
      await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
      await page.getByLabel('CVC', { exact: true }).fill('123');
      await page.getByTestId('place-order').click();
      await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible();
      await expect(page.getByTestId('order-confirmation')).toContainText('$74.97');
      await expect(badge(page)).toHaveCount(0);
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);

      // A real order: Track Order finds the number shown, with what was bought and what it cost.
      const number = (await page.getByTestId('order-number').textContent())!;
      await page.goto('/track-order');
      await page.getByLabel('Order number').fill(number);
      await page.getByLabel('Email address').fill('rex@jurassic.com');
      await page.getByRole('button', { name: 'Track Order' }).click();
      const details = page.getByRole('region', { name: `Order ${number}` });
      await expect(details).toContainText(`${THONG.name} (XS, Lava Red)`);
      await expect(details).toContainText('× 3');
      await expect(details.getByTestId('tracked-shipping')).toHaveText('ShippingFree');
      await expect(details).toContainText('$74.97');
    });

    test('Buy Now goes to checkout with the line', async ({ page }) => {
      await page.goto(`/product/${THONG.slug}`);
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByTestId('summary-total')).toContainText('$');
      await expect(badge(page)).toHaveText('1');
    });

    test('newsletter signup: a bad address is refused next to the field, a good one is welcome', async ({
      page,
      expectAccessible,
    }) => {
      await page.goto('/');
      const email = page.getByRole('textbox', { name: 'Email address' });
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue('not-an-email');
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);
      await page
        .getByRole('textbox', { name: 'Email address' })
        .fill(`rex-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@jurassic.com`);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expectShopperMessage(page, 'Subscription successful!');
    });

    test('contact and order tracking answer without a script', async ({ page, expectAccessible }) => {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Please enter your name')).toBeVisible();
      await page.getByRole('textbox', { name: 'Name' }).fill('Rex');
      await page.getByRole('textbox', { name: 'Email' }).fill('rex@jurassic.com');
      await page.getByRole('textbox', { name: 'Subject' }).fill('Tail hole');
      await page.getByRole('textbox', { name: 'Message' }).fill('Is there one?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Thanks for reaching out!')).toBeVisible();

      await page.goto('/track-order');
      await page.getByRole('textbox', { name: 'Order number' }).fill('COC-999');
      await page.getByRole('textbox', { name: 'Email' }).fill('rex@jurassic.com');
      await page.getByRole('button', { name: /Track/ }).click();
      await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('textbox', { name: 'Order number' }).fill('coc-123456');
      await page.getByRole('textbox', { name: 'Email' }).fill('rex@jurassic.com');
      await page.getByRole('button', { name: /Track/ }).click();
      await expect(page.getByText('Shipped').first()).toBeVisible();
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);
    });

    test('listing filters are a GET form filtered on the server: size XL leaves only products with an XL in stock', async ({
      page,
    }) => {
      // Wide screens show the filters in a sidebar; narrow ones behind a Filters control: a dialog with
      // JavaScript, the same sidebar form shown in place (a link to it) without.
      const narrow = (page.viewportSize()?.width ?? 0) < 1024;
      const filters = async () => {
        if (!narrow) return page.getByRole('complementary', { name: 'Filters' });
        await page.getByRole(javaScriptEnabled ? 'button' : 'link', { name: /^Filters/ }).click();
        const panel = javaScriptEnabled
          ? page.getByRole('dialog', { name: 'Filters' })
          : page.getByRole('complementary', { name: 'Filters' });
        await expect(panel.getByRole('button', { name: 'Apply Filters' })).toBeVisible();
        return panel;
      };
      await page.goto('/shop');
      const count = page.getByTestId('product-count');
      await expect(count).toHaveText(/Showing \d+ products/);
      const all = Number((await count.textContent())?.match(/\d+/)?.[0]);
      if (narrow) await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
      let panel = await filters();
      const xl = () => panel.locator('label').filter({ hasText: 'XL (T-Rex)' });
      const leaves = Number((await xl().textContent())?.match(/\((\d+)\)/)?.[1]);
      expect(leaves).toBeGreaterThan(0);
      expect(leaves).toBeLessThan(all);
      await xl().click();
      await panel.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page).toHaveURL(/size=XL/);
      await expect(count).toHaveText(`Showing ${leaves} products`);
      // The chip removes the filter, with or without JavaScript.
      await page
        .getByRole('list', { name: 'Active filters' })
        .getByRole('button', { name: /Size XL/ })
        .click();
      await expect(count).toHaveText(`Showing ${all} products`);
      // So does the panel's Clear All.
      panel = await filters();
      await xl().click();
      await panel.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(count).toHaveText(`Showing ${leaves} products`);
      panel = await filters();
      await panel.getByRole('button', { name: 'Clear All' }).click();
      if (!javaScriptEnabled) await expect(page).not.toHaveURL(/size=/);
      await expect(count).toHaveText(`Showing ${all} products`);
    });

    test('the listing sorts: with JavaScript on choosing, without it by the Sort button', async ({ page }) => {
      await page.goto('/shop?search=boxer');
      await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
      const send = page.getByRole('button', { name: 'Sort', exact: true });
      if (javaScriptEnabled) await expect(send).toHaveCount(0);
      else await send.click();
      await expect(page).toHaveURL(/sort=price_desc/);
      await expect(page).toHaveURL(/search=boxer/);
      // With JavaScript the URL changes first and the sorted cards follow the API's answer: wait for them.
      const prices = async () =>
        (await page.getByTestId('product-card').allTextContents()).map((text) =>
          Number(text.match(/\$(\d+\.\d\d)/)?.[1]),
        );
      await expect.poll(async () => (await prices()).length).toBeGreaterThan(1);
      await expect
        .poll(async () => (await prices()).every((price, i, all) => i === 0 || all[i - 1]! >= price), {
          message: 'prices high to low',
        })
        .toBe(true);
    });

    test("the product page's sections open, its quantity can be set, and only working controls are offered", async ({
      page,
    }) => {
      await page.goto(`/product/${THONG.slug}`);
      const care = page
        .locator('main details')
        .filter({ has: page.getByRole('heading', { name: 'Care Instructions' }) });
      await care.locator('summary').click();
      await expect(page.getByText('Hand wash cold.')).toBeVisible();
      // The steppers and the search box's clear button act by script: without one they are not offered.
      const plus = page.getByRole('button', { name: 'Increase quantity' });
      if (javaScriptEnabled) await plus.click();
      else {
        await expect(plus).toBeHidden();
        await page.getByLabel('Quantity', { exact: true }).fill('2');
      }
      await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');

      await page.goto('/shop?search=thong');
      await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(javaScriptEnabled ? 1 : 0);
    });

    test('FAQ answers open', async ({ page, expectAccessible }) => {
      await page.goto('/faq');
      await page.locator('main summary').first().click();
      await expect(page.locator('main details[open]')).toHaveCount(1);
      await expect(page.getByText(/XS \(Compy\) to XL \(T-Rex\)/)).toBeVisible();
      if (!javaScriptEnabled) await expectAccessibleAsShown(page, expectAccessible);
    });
  });
}
