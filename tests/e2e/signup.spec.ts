import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** The home page's mailing-list section. */

const section = (page: Page) => page.getByRole('region', { name: 'Join the Dino Den' });
const emailBox = (page: Page) => section(page).getByLabel('Email address');
const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"][data-removed="false"]');

test('an invalid email is refused in place, without a call', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/subscribe', (route) => {
    calls += 1;
    return route.continue();
  });
  await gotoHydrated(page, '/');
  await emailBox(page).fill('not-an-email');
  await section(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(section(page)).toContainText('Please enter a valid email address');
  await expect(emailBox(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(emailBox(page)).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(emailBox(page)).toBeFocused();
  expect(calls).toBe(0);

  await emailBox(page).fill('');
  await section(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(section(page)).toContainText('Please enter a valid email address');
  expect(calls).toBe(0);
});

test('an invalid email leaves the section where it is: nothing in it is wider than the page', async ({ page }) => {
  await gotoHydrated(page, '/');
  await emailBox(page).fill('not-an-email');
  await section(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(emailBox(page)).toBeFocused();
  // Focusing a field scrolls every scrollable box around it: a section whose decoration reaches past
  // its edge could slide sideways, cut off or not (overflow: hidden still scrolls).
  const box = await section(page).evaluate((el) => ({
    scrollLeft: el.scrollLeft,
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(box.scrollLeft).toBe(0);
  expect(box.scrollWidth).toBe(box.clientWidth);
  const heading = await section(page).getByRole('heading', { name: 'Join the Dino Den' }).boundingBox();
  const viewport = page.viewportSize();
  expect(Math.abs((heading?.x ?? 0) + (heading?.width ?? 0) / 2 - (viewport?.width ?? 0) / 2)).toBeLessThan(2);
});

test("a valid email: 'Subscribing...', the success toast and an empty form", async ({ page, expectAccessible }) => {
  // The call is held until the test has seen 'Subscribing...': a fixed delay let a slow machine's
  // polling step over the whole pending window.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/subscribe', async (route) => {
    await answered;
    await route.continue();
  });
  await gotoHydrated(page, '/');
  const email = `rex-${Date.now()}@jurassic.com`;
  await emailBox(page).fill(email);
  await emailBox(page).press('Enter');
  await expect(section(page).getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  const subscribed = page.waitForResponse('**/api/subscribe');
  answer();
  expect((await subscribed).status()).toBe(201);

  await expect(toast(page)).toContainText('Subscription successful!');
  await expect(toast(page)).toContainText("You've been added to our dinosaur mailing list.");
  await expect(emailBox(page)).toHaveValue('');
  await expect(section(page).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  // A toast goes after five seconds, and axe on a busy machine can take longer than what is left of
  // them: the pointer on it holds it (as it does for a shopper) while axe reads the page with it.
  await toast(page).hover();
  await expectAccessible();

  // Already on the list: the same success, so the form does not tell who is on the list.
  await emailBox(page).fill(email);
  const again = page.waitForResponse('**/api/subscribe');
  await section(page).getByRole('button', { name: 'Subscribe' }).click();
  expect((await again).status()).toBe(201);
  await expect(emailBox(page)).toHaveValue('');
  await expect(toast(page)).toContainText("You've been added to our dinosaur mailing list.");
});

test.describe('failures', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

  test("a server error: 'Subscription failed' with the error's message", async ({ page }) => {
    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', message: 'The mailing list is hibernating' }),
      }),
    );
    await gotoHydrated(page, '/');
    await emailBox(page).fill('rex@jurassic.com');
    await section(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Subscription failed');
    await expect(toast(page)).toContainText('The mailing list is hibernating');
    await expect(toast(page)).toHaveAttribute('data-type', 'error');
    await expect(emailBox(page)).toHaveValue('rex@jurassic.com');
  });

  test('a failure without a message falls back to the default text', async ({ page }) => {
    await page.route('**/api/subscribe', (route) => route.fulfill({ status: 500, body: '' }));
    await gotoHydrated(page, '/');
    await emailBox(page).fill('rex@jurassic.com');
    await section(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Subscription failed');
    await expect(toast(page)).toContainText('Something went wrong. Please try again.');
  });
});
