import { shopperMessage } from '../../lib/api-fetch.ts';

/** The text a destructive toast shows for a failed cart call ('Only 2 left in stock'), or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return shopperMessage(error, fallback);
}
