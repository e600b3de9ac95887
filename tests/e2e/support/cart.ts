import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The cart as the e2e tests reach it: seed products to put in it, its API called in the page's own
 * session (the request shares the page's cookies), and its parts on screen.
 */

export const THONG = {
  productId: 1,
  name: 'T-Rex Tiny Arms Thong',
  slug: 't-rex-tiny-arms-thong',
  xsRed: 100,
  mRed: 102,
};
export const BRALETTE = { productId: 4, name: 'Voluptuous Velociraptor Lace Bralette', firstVariant: 400 };

export interface ServerCart {
  items: { id: string; quantity: number; product: { name: string }; variant: { id: number } }[];
  itemCount: number;
  total: string;
}

export async function serverCart(page: Page): Promise<ServerCart> {
  const response = await page.request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerCart;
}

/** The number of items in this browser's cart, as the server counts them. */
export async function serverItemCount(page: Page): Promise<number> {
  const cart = (await (await page.request.get('/api/cart')).json()) as { itemCount: number };
  return cart.itemCount;
}

/** Puts a line in this browser's cart through the API. */
export async function addViaApi(page: Page, productId: number, variantId: number, quantity = 1): Promise<void> {
  const response = await page.request.post('/api/cart', { data: { productId, variantId, quantity } });
  expect(response.status(), await response.text()).toBe(201);
}

/** The toast on screen: the newest (an older one lingers, hidden, while it animates out). */
export const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"][data-removed="false"]');
export const drawer = (page: Page) => page.getByTestId('cart-drawer');
export const cartButton = (page: Page) => page.getByRole('button', { name: /Open cart/ });
/** The cart page's table (desktop) rows. */
export const rows = (page: Page) => page.getByTestId('cart-table').getByTestId('cart-row');
