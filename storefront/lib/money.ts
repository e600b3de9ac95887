/**
 * Money for people, in the browser: the same functions as contracts/money.ts (a unit test holds them
 * equal), without that module's valibot schema. Importing contracts/money.ts would put valibot into
 * every catalogue page's first-load JS (issue 6); the storefront formats prices from here.
 */

/** "24.99" (API) → 2499 (cents). Exact: never goes through floating point. */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${decimal}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents → "$24.99" for people. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "24.99" → "$24.99" for people. */
export function formatMoney(decimal: string): string {
  return formatCents(decimalToCents(decimal));
}
