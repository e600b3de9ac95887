import type { Page } from '@playwright/test';

/** Fills the checkout's contact and shipping fields with a valid address (payment is left as it is). */
export async function fillContactAndAddress(page: Page): Promise<void> {
  await page.getByLabel('Email address', { exact: true }).fill('rex@jurassic.com');
  await page.getByLabel('First name', { exact: true }).fill('Rex');
  await page.getByLabel('Last name', { exact: true }).fill('Tyrant');
  await page.getByLabel('Address', { exact: true }).fill('1 Volcano Way');
  await page.getByLabel('City', { exact: true }).fill('Pangaea');
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await page.getByLabel('ZIP code', { exact: true }).fill('90210');
}

/** The checkout's Complete Order button. */
export const submit = (page: Page) => page.getByTestId('place-order');

/**
 * Holds the browser's POST /api/orders until `release()` is called: 'Processing...' shows only while
 * the order is on its way, and a test that wants to see it must keep it on its way.
 */
export async function holdOrderRequest(page: Page): Promise<{ sent: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const wasSent = new Promise<void>((resolve) => (sent = resolve));
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent();
    await released;
    await route.fallback();
  });
  return { sent: wasSent, release };
}
