import type { Size } from '../../contracts/catalogue.ts';

/**
 * The sizes and their labels, as contracts/catalogue.ts has them (a unit test holds them equal), for
 * browser code: importing that module's values would bring its valibot schemas, and valibot, into
 * every catalogue page's first-load JS.
 */
export const SIZES: readonly Size[] = ['XS', 'S', 'M', 'L', 'XL'];
export const SIZE_LABELS: Readonly<Record<Size, string>> = {
  XS: 'XS (Compy)',
  S: 'S (Raptor)',
  M: 'M (Dilo)',
  L: 'L (Stego)',
  XL: 'XL (T-Rex)',
};
