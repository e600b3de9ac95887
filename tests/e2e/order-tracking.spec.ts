import { addViaApi, THONG } from './support/cart.ts';
import { fillContactAndAddress, submit } from './support/checkout-form.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { formatMoney } from '../../contracts/money-format.ts';
import { placeOrder } from './support/order-tracking-flows.ts';

/** An order placed with JavaScript is kept: Track Order finds it by its number and the email it was placed with. */
test('place an order, then track it with its number and email', async ({ page }) => {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  await gotoHydrated(page, '/checkout');
  await fillContactAndAddress(page);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await submit(page).click();
  const confirmation = page.getByTestId('order-confirmation');
  await expect(confirmation.getByTestId('order-number')).toHaveText(/^#DINO-\d{6}$/, { timeout: 10_000 });
  const number = (await confirmation.getByTestId('order-number').textContent())!;

  await gotoHydrated(page, '/track-order');
  // Another address finds nothing, as an unknown number would.
  await page.getByLabel('Order number').fill(number);
  await page.getByLabel('Email address').fill('someone@else.com');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();

  // The number without '#', in lower case; the address in another case, with spaces.
  await page.getByLabel('Order number').fill(number.slice(1).toLowerCase());
  await page.getByLabel('Email address').fill('  REX@jurassic.com ');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Processing');
  const details = page.getByRole('region', { name: `Order ${number}` });
  await expect(details).toContainText(`${THONG.name} (XS, Lava Red)`);
  await expect(details).toContainText('Standard Shipping (3-5 business days)');
  await expect(details).toContainText(
    `Placed on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date())}`,
  );
  // What the total is made of: $24.99 and $5.99 of shipping.
  await expect(details.getByTestId('tracked-shipping')).toHaveText('Shipping$5.99');
  await expect(details).toContainText('$30.98');
});

/** The confirmation mail links here with the number in the query: the page opens with it filled in. */
test('a Track Order link from the confirmation mail fills in the order number', async ({ page }) => {
  await gotoHydrated(page, '/track-order?number=%23DINO-123456');
  await expect(page.getByLabel('Order number')).toHaveValue('#DINO-123456');
  await expect(page.getByLabel('Email address')).toHaveValue('');
  await page.getByLabel('Email address').fill('rex@jurassic.com');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
});

test.describe('a Cancel the shop refuses', () => {
  // The refusal is the API's 409, which the browser logs as a failed request.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  /** The order shipped between the lookup and the Cancel: the shop's reason, shown in place, and the order looked up again. */
  test('shows the reason in place: Cancelling... while it is asked, then the message, focused', async ({
    page,
    expectAccessible,
  }) => {
    const number = await placeOrder(page, 'refused@jurassic.com');
    await gotoHydrated(page, '/track-order');
    await page.getByLabel('Order number').fill(number);
    await page.getByLabel('Email address').fill('refused@jurassic.com');
    await page.getByRole('button', { name: 'Track Order' }).click();
    const details = page.getByRole('region', { name: `Order ${number}` });
    await expect(details.getByTestId('order-status')).toHaveText('Processing');

    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/orders/*/cancel', async (route) => {
      await answered;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Conflict',
          message: 'This order has already shipped, so it can no longer be cancelled',
        }),
      });
    });
    await details.getByText('Cancel order', { exact: true }).click();
    await details.getByRole('button', { name: 'Yes, cancel this order' }).click();
    const busy = details.getByRole('button', { name: 'Cancelling...' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    answer();
    const note = details.getByTestId('cancel-note');
    // The shop's message, written as a sentence beside the other notes.
    await expect(note).toHaveText('This order has already shipped, so it can no longer be cancelled.');
    await expect(note).toBeFocused();
    // Nothing was cancelled (the refusal was this test's): the order, looked up again, is as it was.
    await expect(details.getByTestId('order-status')).toHaveText('Processing');
    await expectAccessible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /**
   * The plain form's answer carries the order it found in a cookie, and a browser drops a cookie over
   * 4 KB: an order of forty lines is shown whole all the same.
   */
  test('an order of forty lines is shown whole', async ({ page }) => {
    // Products whose stock other tests count are left alone.
    const products = (await (await page.request.get('/api/products')).json()) as Array<{
      id: number;
      variants: Array<{ id: number; stock: number }>;
    }>;
    const variants = products
      .filter((p) => p.id !== 9 && p.id !== 11)
      .flatMap((p) => p.variants.filter((v) => v.stock >= 10).map((v) => ({ productId: p.id, variantId: v.id })))
      .slice(0, 40);
    expect(variants).toHaveLength(40);
    for (const line of variants) await addViaApi(page, line.productId, line.variantId);
    const placed = await page.request.post('/api/orders', {
      data: {
        email: 'big@jurassic.com',
        firstName: 'Big',
        lastName: 'Order',
        address: '1 Herd Way',
        city: 'Pangaea',
        state: 'CA',
        zipCode: '90210',
        country: 'US',
        paymentMethod: 'paypal',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { number, total } = (await placed.json()) as { number: string; total: string };

    await page.goto('/track-order');
    await page.getByLabel('Order number').fill(number);
    await page.getByLabel('Email address').fill('big@jurassic.com');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    const details = page.getByRole('region', { name: `Order ${number}` });
    await expect(details.getByRole('listitem').filter({ hasText: '×' })).toHaveCount(40);
    await expect(details.getByRole('listitem').filter({ hasText: /^Total/ })).toHaveText(`Total${formatMoney(total)}`);
  });
});
