import * as v from 'valibot';
import { ApiError } from '../../../contracts/errors.ts';
import { INVALID_EMAIL, Subscribe, SubscribeResult } from '../../../contracts/subscription.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/**
 * The signup form's validation and call, loaded on the form's first use (focus or submit), so valibot
 * is not first-load JS on the home page.
 */
const FAILURE_FALLBACK = 'Something went wrong. Please try again.';

/** The email as the API takes it, or the message to show when it is not a valid address. */
export function parseSubscribe(email: string): { input: Subscribe } | { error: string } {
  const parsed = v.safeParse(Subscribe, { email });
  return parsed.success ? { input: parsed.output } : { error: INVALID_EMAIL };
}

export function subscribe(input: Subscribe) {
  return apiFetch('/api/subscribe', SubscribeResult, { method: 'POST', body: JSON.stringify(input) });
}

/** The toast text for a failed subscribe: the API's message when it sent one, else the raw error. */
export function failureText(error: unknown): string {
  if (!(error instanceof Error) || error.message.trim() === '') return FAILURE_FALLBACK;
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]?.trim();
  if (body === undefined) return error.message;
  if (body === '') return FAILURE_FALLBACK;
  try {
    const parsed = v.safeParse(ApiError, JSON.parse(body));
    if (parsed.success && parsed.output.message.trim() !== '') return parsed.output.message;
  } catch {
    // Not JSON: show the error as raised ('500: ...').
  }
  return error.message;
}
