import type { Size, Variant } from '../../contracts/catalogue.ts';
import { SIZES } from './sizes.ts';

/** Product-page variant rules (spec 4 and 5). Pure functions over the product's variants. */

export const DEFAULT_MAX_QUANTITY = 10;
export const LOW_STOCK_BELOW = 5;

export interface ColorOption {
  color: string;
  colorHex: string;
}

/** Sizes offered by the variants, in chart order (XS ... XL). */
export function availableSizes(variants: readonly Variant[]): Size[] {
  return SIZES.filter((size) => variants.some((variant) => variant.size === size));
}

/** Colours offered by the variants, in first-seen order, each once. */
export function availableColors(variants: readonly Variant[]): ColorOption[] {
  const seen = new Map<string, ColorOption>();
  for (const { color, colorHex } of variants) if (!seen.has(color)) seen.set(color, { color, colorHex });
  return [...seen.values()];
}

/**
 * The variant selected when the page opens: the one named by the URL (size and colour) when it exists,
 * else the first variant of the URL's size or colour, else the first variant (spec 4).
 */
export function initialVariant(
  variants: readonly Variant[],
  wanted: { size?: string | null; color?: string | null } = {},
): Variant | undefined {
  const size = wanted.size ?? null;
  const color = wanted.color ?? null;
  return (
    variants.find((v) => v.size === size && v.color === color) ??
    variants.find((v) => v.size === size) ??
    variants.find((v) => v.color === color) ??
    variants[0]
  );
}

/** Choosing a size selects a variant of that size, preferring the current colour. */
export function selectSize(variants: readonly Variant[], current: Variant | undefined, size: Size): Variant | undefined {
  const ofSize = variants.filter((v) => v.size === size);
  return ofSize.find((v) => v.color === current?.color) ?? ofSize[0] ?? current;
}

/** Choosing a colour selects a variant of that colour, preferring the current size. */
export function selectColor(variants: readonly Variant[], current: Variant | undefined, color: string): Variant | undefined {
  const ofColor = variants.filter((v) => v.color === color);
  return ofColor.find((v) => v.size === current?.size) ?? ofColor[0] ?? current;
}

/** Quantity bounds on the product page: 1 .. the selected variant's stock, or 10 if unknown. */
export function maxQuantity(variant: Variant | undefined): number {
  return variant ? Math.max(0, variant.stock) : DEFAULT_MAX_QUANTITY;
}

export function clampQuantity(quantity: number, variant: Variant | undefined): number {
  const max = Math.max(1, maxQuantity(variant));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(quantity)));
}

/** 'Only {n} left in stock!' shows when the selected variant has fewer than 5 (and some) left. */
export function lowStockCount(variant: Variant | undefined): number | null {
  if (!variant) return null;
  return variant.stock > 0 && variant.stock < LOW_STOCK_BELOW ? variant.stock : null;
}
