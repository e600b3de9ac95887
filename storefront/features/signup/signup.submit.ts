import * as v from 'valibot';
import { INVALID_EMAIL, Subscribe, SubscribeResult } from '../../../contracts/subscription.ts';
import { SIGNUP_MESSAGES } from '../../../contracts/shop-messages.ts';
import { apiFetch, shopperMessage } from '../../lib/api-fetch.ts';

/**
 * The signup form's validation and call, loaded on the form's first use (focus or submit), so valibot
 * is not first-load JS on the home page.
 */
/** The email as the API takes it, or the message to show when it is not a valid address. */
export function parseSubscribe(email: string): { input: Subscribe } | { error: string } {
  const parsed = v.safeParse(Subscribe, { email });
  return parsed.success ? { input: parsed.output } : { error: INVALID_EMAIL };
}

export function subscribe(input: Subscribe) {
  return apiFetch('/api/subscribe', SubscribeResult, { method: 'POST', body: JSON.stringify(input) });
}

/** The toast text for a failed subscribe: the API's message when it sent one, else the shop's own. */
export function failureText(error: unknown): string {
  return shopperMessage(error, SIGNUP_MESSAGES.failedDescription);
}
