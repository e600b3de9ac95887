import type { APIRequestContext, Browser } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Orders another shopper places (a browser context of its own, through the API), and their units given
 * back. The server the suite runs against may be one kept running between local runs: a test that buys up
 * a variant whose low stock it looks at gives the units back when it ends, so the next run finds them.
 */

export interface OrderedElsewhere {
  number: string;
  email: string;
}

/** Another shopper buys `quantity` of one variant, paying with PayPal (on the suite's server, or at `baseURL`). */
export async function orderElsewhere(
  browser: Browser,
  line: { productId: number; variantId: number; quantity: number },
  email: string,
  baseURL?: string,
): Promise<OrderedElsewhere> {
  const shopper = await browser.newContext(baseURL ? { baseURL } : {});
  try {
    expect((await shopper.request.post('/api/cart', { data: line })).status()).toBe(201);
    const placed = await shopper.request.post('/api/orders', {
      data: {
        email,
        firstName: 'Other',
        lastName: 'Shopper',
        address: '2 Tar Pit Road',
        city: 'Pangaea',
        state: 'CA',
        zipCode: '90210',
        country: 'US',
        paymentMethod: 'paypal',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return { number: ((await placed.json()) as { number: string }).number, email };
  } finally {
    await shopper.close();
  }
}

/**
 * Cancels the orders as their shopper does on Track Order: their units go back to stock at once. Soft
 * checks, so that in a `finally` a failed give-back never hides the test's own failure.
 */
export async function giveBack(request: APIRequestContext, orders: readonly OrderedElsewhere[]): Promise<void> {
  for (const { number, email } of orders) {
    const cancelled = await request.post(`/api/orders/${encodeURIComponent(number)}/cancel`, { data: { email } });
    expect.soft(cancelled.status(), `give back ${number}: ${await cancelled.text()}`).toBe(200);
  }
}
