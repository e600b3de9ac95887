import type { Locator, Page } from '@playwright/test';
import { THONG, addViaApi } from './cart.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { DELIVERED_ORDER, SHIPPED_ORDER } from './moved-orders.ts';
import { expectAccessibleAsShown } from './purchase-flows.ts';

/**
 * Track Order for orders that move, with JavaScript off (plain forms: POST, 303, the page with the
 * flash) and on (the same forms, answered in place): the status badge in its colour (Processing
 * yellow, Shipped green, Delivered blue), the shipment, what was refunded, the history, and Cancel
 * while the order has not shipped.
 */

const WHEN = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/;

/** Places an order of one T-Rex Thong (a variant restock.ts keeps plentiful) in this browser's session, through the API. */
export async function placeOrder(page: Page, email: string): Promise<string> {
  await addViaApi(page, THONG.productId, THONG.xsRed);
  const placed = await page.request.post('/api/orders', {
    data: {
      email,
      firstName: 'Rex',
      lastName: 'Tyrant',
      address: '1 Volcano Way',
      city: 'Pangaea',
      state: 'CA',
      zipCode: '90210',
      country: 'US',
      paymentMethod: 'paypal',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { number: string }).number;
}

async function apiStatus(page: Page, number: string, email: string): Promise<string> {
  const found = await page.request.get(`/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(email)}`);
  return ((await found.json()) as { status: string }).status;
}

/** The history's entries as shown: 'Placed', then when, then what the shopper is told of it ('' for nothing). */
async function historyOf(details: Locator): Promise<Array<{ label: string; when: string; note: string }>> {
  const items = details.getByTestId('order-history').getByRole('listitem');
  const shown = [];
  for (const item of await items.all()) {
    const note = item.locator('span').nth(2);
    shown.push({
      label: (await item.locator('span').nth(1).textContent()) ?? '',
      when: (await item.locator('time').textContent()) ?? '',
      note: (await note.count()) > 0 ? ((await note.textContent()) ?? '') : '',
    });
  }
  return shown;
}

export function orderTrackingFlows(javaScriptEnabled: boolean) {
  const mode = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';

  test.describe(`Track Order, orders that move: ${mode}`, () => {
    test.use({ javaScriptEnabled });

    const open = async (page: Page) =>
      javaScriptEnabled ? gotoHydrated(page, '/track-order') : page.goto('/track-order');
    /** Looks the order up as typed; `shown` is its number as the shop writes it (the details' name). */
    const track = async (page: Page, typed: string, email: string, shown = typed) => {
      await open(page);
      await page.getByLabel('Order number').fill(typed);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Track Order' }).click();
      const details = page.getByRole('region', { name: `Order ${shown}` });
      await expect(details).toBeVisible();
      return details;
    };
    const checkAccessible = (page: Page, expectAccessible: (page?: Page) => Promise<void>) =>
      javaScriptEnabled ? expectAccessible() : expectAccessibleAsShown(page, expectAccessible);

    test('a Processing order: yellow badge, Cancel asks once more, then it is grey Cancelled', async ({
      page,
      expectAccessible,
    }, testInfo) => {
      const email = `cancel-${testInfo.project.name}-${javaScriptEnabled ? 'js' : 'nojs'}@jurassic.com`;
      const number = await placeOrder(page, email);
      const details = await track(page, number, email);
      const badge = details.getByTestId('order-status');
      await expect(badge).toHaveText('Processing');
      await expect(badge).toHaveClass(/\bbg-sun-100\b/);
      expect((await historyOf(details)).map((h) => h.label)).toEqual(['Placed']);
      expect((await historyOf(details))[0]!.when).toMatch(WHEN);
      await expect(details.getByTestId('tracked-refunded')).toHaveCount(0);

      // Cancel opens a confirmation first: nothing is sent until it is confirmed.
      const confirm = details.getByRole('button', { name: 'Yes, cancel this order' });
      await expect(confirm).toBeHidden();
      await details.getByText('Cancel order', { exact: true }).click();
      await expect(confirm).toBeVisible();
      await expect(details).toContainText('Cancelling cannot be undone');
      await checkAccessible(page, expectAccessible);
      expect(await apiStatus(page, number, email)).toBe('Processing');

      const sent = page.waitForRequest(
        (request) => request.method() === 'POST' && /\/cancel$/.test(new URL(request.url()).pathname),
      );
      await confirm.click();
      // With JavaScript the API is asked in place; without, the plain form posts.
      expect(new URL((await sent).url()).pathname).toBe(
        javaScriptEnabled ? `/api/orders/${encodeURIComponent(number)}/cancel` : '/track-order/cancel',
      );
      await expect(badge).toHaveText('Cancelled');
      await expect(badge).toHaveClass(/\bbg-ink-100\b/);
      const note = details.getByTestId('cancel-note');
      await expect(note).toHaveText('Your order has been cancelled. Nothing from it will be shipped.');
      if (javaScriptEnabled) await expect(note).toBeFocused();
      expect((await historyOf(details)).map((h) => [h.label, h.note])).toEqual([
        ['Placed', ''],
        ['Cancelled', 'by you'],
      ]);
      await expect(details.getByText('Cancel order', { exact: true })).toHaveCount(0);
      await expect(page).toHaveURL(/\/track-order$/);
      expect(await apiStatus(page, number, email)).toBe('Cancelled');
      await checkAccessible(page, expectAccessible);

      // Looked up again later: still cancelled, and no Cancel.
      const again = await track(page, number, email);
      await expect(again.getByTestId('order-status')).toHaveText('Cancelled');
      await expect(again.getByText('Cancel order', { exact: true })).toHaveCount(0);
    });

    test('a shipped order: green Shipped, carrier, tracking number and estimated delivery, and no Cancel', async ({
      page,
      expectAccessible,
    }) => {
      // Typed without '#', in lower case: found all the same.
      const details = await track(
        page,
        SHIPPED_ORDER.number.slice(1).toLowerCase(),
        SHIPPED_ORDER.email,
        SHIPPED_ORDER.number,
      );
      const badge = details.getByTestId('order-status');
      await expect(badge).toHaveText('Shipped');
      await expect(badge).toHaveClass(/\bbg-brand-100\b/);
      const shipping = (term: string) =>
        details.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
      await expect(shipping('Method')).toHaveText('Standard Shipping (3-5 business days)');
      await expect(shipping('Carrier')).toHaveText(SHIPPED_ORDER.carrier);
      await expect(shipping('Tracking number')).toHaveText(SHIPPED_ORDER.trackingNumber);
      await expect(shipping('Estimated delivery')).toHaveText(SHIPPED_ORDER.etaShown);
      // A real order's address is never shown.
      await expect(details.locator('dt', { hasText: 'Address' })).toHaveCount(0);
      expect((await historyOf(details)).map((h) => h.label)).toEqual(['Placed', 'Shipped']);
      await expect(details.getByText('Cancel order', { exact: true })).toHaveCount(0);
      await expect(details.getByRole('button', { name: 'Yes, cancel this order' })).toHaveCount(0);
      await checkAccessible(page, expectAccessible);
    });

    test('a delivered order partly refunded: a blue badge that says so, what was refunded, and its whole history in words', async ({
      page,
      expectAccessible,
    }) => {
      const details = await track(page, DELIVERED_ORDER.number, DELIVERED_ORDER.email);
      const badge = details.getByTestId('order-status');
      await expect(badge).toHaveText('Partly refunded');
      await expect(badge).toHaveClass(/\bbg-sky-100\b/);
      await expect(details.getByTestId('tracked-refunded')).toHaveText(`Refunded${DELIVERED_ORDER.refundedShown}`);
      const history = await historyOf(details);
      expect(history.map((h) => [h.label, h.note])).toEqual([
        ['Placed', ''],
        ['Shipped', ''],
        ['Delivered', ''],
        // What came back, named as the order's lines are.
        [
          'Return received',
          expect.stringMatching(new RegExp(`^.+ \\(.+, .+\\) × 1: ${DELIVERED_ORDER.returnReason}$`)),
        ],
        ['Refund issued', `${DELIVERED_ORDER.refundedShown} by the shop: ${DELIVERED_ORDER.refundReason}`],
      ]);
      for (const { when } of history) expect(when).toMatch(WHEN);
      await expect(details.locator('dt', { hasText: 'Carrier' }).locator('xpath=following-sibling::dd')).toHaveText(
        DELIVERED_ORDER.carrier,
      );
      // Shipped without an estimate and delivered since: nothing left to estimate.
      await expect(details.locator('dt', { hasText: 'Estimated delivery' })).toHaveCount(0);
      await expect(details.getByText('Cancel order', { exact: true })).toHaveCount(0);
      await checkAccessible(page, expectAccessible);
    });

    test('a mail’s link opens Track Order with the number filled in by the server', async ({ page }) => {
      await page.goto(`/track-order?number=${encodeURIComponent(SHIPPED_ORDER.number)}&utm_source=mail`);
      const field = page.getByRole('textbox', { name: 'Order number' });
      await expect(field).toHaveValue(SHIPPED_ORDER.number);
      await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveAttribute('placeholder', '#DINO-123456');
      await page.getByRole('textbox', { name: 'Email address' }).fill(SHIPPED_ORDER.email);
      await page.getByRole('button', { name: 'Track Order' }).click();
      await expect(page.getByRole('heading', { name: `Order ${SHIPPED_ORDER.number}` })).toBeVisible();
      // The page opened at one number is rendered for each visit, never kept by the answer cache.
      const link = `/track-order?number=${encodeURIComponent(SHIPPED_ORDER.number)}`;
      for (let visit = 0; visit < 2; visit++)
        expect((await page.request.get(link)).headers()['x-cache'], `visit ${visit + 1}`).not.toBe('hit');
      await page.goto('/track-order');
      await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('');
    });

    test('the sample order reads as the spec has it: Shipped, no history, no Cancel', async ({ page }) => {
      const details = await track(page, 'coc-123456', 'anyone', 'COC-123456');
      await expect(details.getByTestId('order-status')).toHaveText('Shipped');
      await expect(details.getByTestId('order-history')).toHaveCount(0);
      await expect(details.getByTestId('tracked-refunded')).toHaveCount(0);
      await expect(details.getByText('Cancel order', { exact: true })).toHaveCount(0);
      await expect(details).toContainText('Pterodactyl Express');
      await expect(details).toContainText('42 Fossil Lane');
    });
  });
}
