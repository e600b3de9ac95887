import type { Size, Variant } from '../../contracts/catalogue.ts';
import { LOW_STOCK_BELOW, maxLineQuantity } from '../../contracts/cart-rules.ts';
import { SIZES } from '../../contracts/sizes.ts';

/** Product-page variant rules. Pure functions over the product's variants. */

export const DEFAULT_MAX_QUANTITY = 10;

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
 * The variant selected when the page opens: the one named by the URL (size and colour; a shared link opens
 * what it names, sold out or not), else one of the URL's size, else one of its colour, else the first
 * variant. In these fallbacks a variant in stock comes first, so a page opened without a choice
 * shows something the shopper can buy whenever the product has stock.
 */
export function initialVariant(
  variants: readonly Variant[],
  wanted: { size?: string | null; color?: string | null } = {},
): Variant | undefined {
  const size = wanted.size ?? null;
  const color = wanted.color ?? null;
  const named = variants.find((v) => v.size === size && v.color === color);
  if (named) return named;
  const steps: Array<(v: Variant) => boolean> = [(v) => v.size === size, (v) => v.color === color, () => true];
  for (const step of steps) {
    const found = variants.find((v) => step(v) && isInStock(v));
    if (found) return found;
  }
  for (const step of steps) {
    const found = variants.find(step);
    if (found) return found;
  }
  return undefined;
}

/**
 * Choosing a size selects a variant of that size: in the current colour if it is in stock there, else
 * in the first colour that has it in stock, else (sold out in every colour) in the current colour.
 */
export function selectSize(
  variants: readonly Variant[],
  current: Variant | undefined,
  size: Size,
): Variant | undefined {
  const ofSize = variants.filter((v) => v.size === size);
  const sameColor = ofSize.find((v) => v.color === current?.color);
  return preferInStock([sameColor, ...ofSize]) ?? current;
}

/** Choosing a colour selects a variant of that colour, the same way: the current size first, stock first. */
export function selectColor(
  variants: readonly Variant[],
  current: Variant | undefined,
  color: string,
): Variant | undefined {
  const ofColor = variants.filter((v) => v.color === color);
  const sameSize = ofColor.find((v) => v.size === current?.size);
  return preferInStock([sameSize, ...ofColor]) ?? current;
}

/** The first candidate in stock, else the first candidate. */
function preferInStock(candidates: ReadonlyArray<Variant | undefined>): Variant | undefined {
  return candidates.find((v) => v !== undefined && isInStock(v)) ?? candidates.find((v) => v !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Stock shown before the click: which options are sold out for the current other choice.
// ---------------------------------------------------------------------------------------------

export function isInStock(variant: Variant): boolean {
  return variant.stock > 0;
}

/** A product is sold out when it has variants and none of them is in stock. */
export function isProductSoldOut(variants: readonly Variant[]): boolean {
  return variants.length > 0 && !variants.some(isInStock);
}

/** The variant a product card's Add to Cart adds: the first one in stock (none when all are sold out). */
export function cardVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find(isInStock);
}

export interface SizeChoice {
  size: Size;
  /** No variant of this size is in stock in the selected colour (in any colour when none is selected). */
  soldOut: boolean;
}

export interface ColorChoice extends ColorOption {
  /** No variant of this colour is in stock in the selected size (in any size when none is selected). */
  soldOut: boolean;
}

/** The size options for the selected colour, in chart order. */
export function sizeChoices(variants: readonly Variant[], selectedColor: string | undefined): SizeChoice[] {
  return availableSizes(variants).map((size) => ({
    size,
    soldOut: !variants.some(
      (v) => v.size === size && (selectedColor === undefined || v.color === selectedColor) && isInStock(v),
    ),
  }));
}

/** The colour options for the selected size, in first-seen order. */
export function colorChoices(variants: readonly Variant[], selectedSize: Size | undefined): ColorChoice[] {
  return availableColors(variants).map((option) => ({
    ...option,
    soldOut: !variants.some(
      (v) => v.color === option.color && (selectedSize === undefined || v.size === selectedSize) && isInStock(v),
    ),
  }));
}

/** Quantity bounds on the product page: 1 .. what one cart line may hold of the selected variant, or 10 if unknown. */
export function productPageMax(variant: Variant | undefined): number {
  return variant ? maxLineQuantity(variant.stock) : DEFAULT_MAX_QUANTITY;
}

export function clampQuantity(quantity: number, variant: Variant | undefined): number {
  const max = Math.max(1, productPageMax(variant));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(quantity)));
}

/** 'Only {n} left in stock!' shows when the selected variant has fewer than 5 (and some) left. */
export function lowStockCount(variant: Variant | undefined): number | null {
  if (!variant) return null;
  return variant.stock > 0 && variant.stock < LOW_STOCK_BELOW ? variant.stock : null;
}
