/** Money as integer cents inside, decimal strings in the API, en-US dollars for people. No dependencies,
 * so the storefront can import it without pulling valibot into first-load JS. */

/** Integer cents (inside) → "24.99" (API). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "24.99" (API) → 2499 (cents). Exact: never goes through floating point. */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${decimal}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents → "$24.99" for people. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "24.99" → "$24.99" for people. */
export function formatMoney(decimal: string): string {
  return formatCents(decimalToCents(decimal));
}
