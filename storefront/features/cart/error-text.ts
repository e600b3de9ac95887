import * as v from 'valibot';
import { ApiError } from '../../../contracts/errors.ts';

/**
 * The text a destructive toast shows for a failed call. apiFetch raises `${status}: ${body}` (spec 8);
 * when the body is the API's `{ error, message }` the shopper reads its message ('Only 2 left in
 * stock'), otherwise the raw error text, or `fallback` when there is none.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || error.message.trim() === '') return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const body = match[1]?.trim() ?? '';
  if (body === '') return fallback;
  try {
    const parsed = v.safeParse(ApiError, JSON.parse(body));
    if (parsed.success && parsed.output.message.trim() !== '') return parsed.output.message;
  } catch {
    // Not JSON: show the error as raised.
  }
  return error.message;
}
