import * as v from 'valibot';
import { INVALID_EMAIL } from '../../../contracts/subscription.ts';
import { STOCK_ALERT_MESSAGES } from '../../../contracts/shop-messages.ts';
import { StockAlertRequest, StockAlertResult } from '../../../contracts/stock-alert.ts';
import { apiFetch, shopperMessage } from '../../lib/api-fetch.ts';

/**
 * The back-in-stock form's validation and call, loaded on the form's first use (focus or submit): only
 * a shopper looking at a sold-out size and colour needs them, so valibot is no product page's first-load JS.
 */
export function parseStockAlert(input: {
  email: string;
  productId: number;
  variantId: number;
}): { input: StockAlertRequest } | { error: string } {
  const parsed = v.safeParse(StockAlertRequest, input);
  return parsed.success ? { input: parsed.output } : { error: INVALID_EMAIL };
}

export function requestStockAlert(input: StockAlertRequest) {
  return apiFetch('/api/stock-alerts', StockAlertResult, { method: 'POST', body: JSON.stringify(input) });
}

/** The API's message when it sent one (the size came back in stock, too many requests), else the shop's own. */
export function failureText(error: unknown): string {
  return shopperMessage(error, STOCK_ALERT_MESSAGES.failed);
}
