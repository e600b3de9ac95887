/**
 * The sizes and their labels, for the schemas and for browser code. Dependency-free, so catalogue
 * pages use them without loading valibot.
 */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];
export const SIZE_LABELS: Readonly<Record<Size, string>> = { XS: 'XS (Compy)', S: 'S (Raptor)', M: 'M (Dilo)', L: 'L (Stego)', XL: 'XL (T-Rex)' };
