import * as v from 'valibot';

/** A price as the API speaks it: a decimal string with exactly two decimals, e.g. "24.99". */
export const MoneyString = v.pipe(
  v.string(),
  v.regex(/^\d+\.\d{2}$/, 'Money must be a decimal string with 2 decimals'),
);
export type MoneyString = v.InferOutput<typeof MoneyString>;
