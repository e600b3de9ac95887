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
