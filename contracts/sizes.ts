/**
 * The sizes and their labels, for the schemas and for browser code. Dependency-free, so catalogue
 * pages use them without loading valibot.
 */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];
/** The dinosaur each size is cut for. */
export const SIZE_NAMES: Readonly<Record<Size, string>> = {
  XS: 'Compy',
  S: 'Raptor',
  M: 'Dilo',
  L: 'Stego',
  XL: 'T-Rex',
};
/** 'XS (Compy)': how a size is shown. */
export const SIZE_LABELS = Object.fromEntries(SIZES.map((size) => [size, `${size} (${SIZE_NAMES[size]})`])) as Readonly<
  Record<Size, string>
>;
