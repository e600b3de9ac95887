import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../contracts/catalogue.ts';
import {
  availableColors,
  availableSizes,
  cardVariant,
  clampQuantity,
  colorChoices,
  initialVariant,
  isProductSoldOut,
  lowStockCount,
  productPageMax,
  selectColor,
  selectSize,
  sizeChoices,
} from '../../../storefront/lib/variant-selection.ts';

let nextId = 1;
const v = (size: Variant['size'], color: string, stock = 10): Variant => ({
  id: nextId++,
  productId: 1,
  size,
  color,
  colorHex: color === 'Red' ? '#ff0000' : color === 'Blue' ? '#0000ff' : '#00ff00',
  stock,
});

const redS = v('S', 'Red');
const redM = v('M', 'Red');
const blueM = v('M', 'Blue');
const blueL = v('L', 'Blue');
const greenXS = v('XS', 'Green');
const variants = [redS, redM, blueM, blueL, greenXS];

describe('initial selection', () => {
  it('preselects the first variant by default', () => {
    expect(initialVariant(variants)).toBe(redS);
    expect(initialVariant([])).toBeUndefined();
  });

  it('restores size and colour from the URL', () => {
    expect(initialVariant(variants, { size: 'M', color: 'Blue' })).toBe(blueM);
  });

  it('falls back to the size, then the colour, then the first variant', () => {
    expect(initialVariant(variants, { size: 'L', color: 'Red' })).toBe(blueL);
    expect(initialVariant(variants, { size: 'XL', color: 'Blue' })).toBe(blueM);
    expect(initialVariant(variants, { size: 'nope', color: 'nope' })).toBe(redS);
  });
});

describe('choosing a size', () => {
  it('keeps the current colour when that size has it', () => {
    expect(selectSize(variants, redS, 'M')).toBe(redM);
    expect(selectSize(variants, blueL, 'M')).toBe(blueM);
  });

  it('takes the first variant of the size otherwise', () => {
    expect(selectSize(variants, redS, 'L')).toBe(blueL);
    expect(selectSize(variants, undefined, 'XS')).toBe(greenXS);
  });

  it('keeps the current variant for a size nobody has', () => {
    expect(selectSize(variants, redS, 'XL')).toBe(redS);
  });
});

describe('choosing a colour', () => {
  it('keeps the current size when that colour has it', () => {
    expect(selectColor(variants, redM, 'Blue')).toBe(blueM);
    expect(selectColor(variants, blueM, 'Red')).toBe(redM);
  });

  it('takes the first variant of the colour otherwise', () => {
    expect(selectColor(variants, blueL, 'Red')).toBe(redS);
    expect(selectColor(variants, redS, 'Green')).toBe(greenXS);
  });
});

describe('options', () => {
  it('lists sizes in chart order and colours once each', () => {
    expect(availableSizes([blueL, redS, greenXS, redM])).toEqual(['XS', 'S', 'M', 'L']);
    expect(availableColors(variants).map((c) => c.color)).toEqual(['Red', 'Blue', 'Green']);
    expect(availableColors(variants)[0]).toEqual({ color: 'Red', colorHex: '#ff0000' });
  });
});

describe('quantity bounds', () => {
  it('is the selected variant stock, or 10 when unknown', () => {
    expect(productPageMax(v('M', 'Red', 3))).toBe(3);
    expect(productPageMax(undefined)).toBe(10);
  });

  it('clamps between 1 and the maximum', () => {
    const three = v('M', 'Red', 3);
    expect(clampQuantity(5, three)).toBe(3);
    expect(clampQuantity(0, three)).toBe(1);
    expect(clampQuantity(-2, undefined)).toBe(1);
    expect(clampQuantity(12, undefined)).toBe(10);
    expect(clampQuantity(Number.NaN, undefined)).toBe(1);
    expect(clampQuantity(2, v('M', 'Red', 0))).toBe(1);
  });

  it("warns 'Only n left' below 5 in stock", () => {
    expect(lowStockCount(v('M', 'Red', 4))).toBe(4);
    expect(lowStockCount(v('M', 'Red', 1))).toBe(1);
    expect(lowStockCount(v('M', 'Red', 5))).toBeNull();
    expect(lowStockCount(v('M', 'Red', 0))).toBeNull();
    expect(lowStockCount(undefined)).toBeNull();
  });
});

describe('stock before the click', () => {
  // Red: S sold out, M in stock. Blue: M sold out, L in stock. Green: XS sold out.
  const rS = v('S', 'Red', 0);
  const rM = v('M', 'Red', 3);
  const bM = v('M', 'Blue', 0);
  const bL = v('L', 'Blue', 7);
  const gXS = v('XS', 'Green', 0);
  const mixed = [rS, rM, bM, bL, gXS];

  it('opens on a variant in stock, however the URL or the list starts', () => {
    expect(initialVariant(mixed)).toBe(rM);
    expect(initialVariant(mixed, { size: 'M', color: 'Blue' })).toBe(bM); // a link opens what it names, sold out or not
    expect(initialVariant(mixed, { size: 'M', color: 'Green' })).toBe(rM); // no such variant: its size, in stock
    expect(initialVariant(mixed, { size: 'XS', color: 'Pink' })).toBe(rM); // size sold out, no such colour: the first in stock
    expect(initialVariant(mixed, { size: 'S', color: 'Blue' })).toBe(bL); // the size is sold out everywhere: its colour
    expect(initialVariant(mixed, { size: 'L', color: 'Blue' })).toBe(bL);
  });

  it('opens on the first variant (sold out) when nothing is in stock, or on the URL one', () => {
    const none = [v('S', 'Red', 0), v('M', 'Blue', 0)];
    expect(initialVariant(none)).toBe(none[0]);
    expect(initialVariant(none, { size: 'M', color: 'Blue' })).toBe(none[1]);
  });

  it('choosing a size or colour moves to the other choice that has it in stock', () => {
    expect(selectSize(mixed, bL, 'M')).toBe(rM); // M is sold out in blue, in stock in red
    expect(selectColor(mixed, rM, 'Blue')).toBe(bL); // blue is sold out in M, in stock in L
    expect(selectSize(mixed, rM, 'XS')).toBe(gXS); // sold out in every colour: selected, sold out
    expect(selectColor(mixed, rM, 'Green')).toBe(gXS);
  });

  it('marks each size sold out for the selected colour, and each colour for the selected size', () => {
    expect(sizeChoices(mixed, 'Red')).toEqual([
      { size: 'XS', soldOut: true },
      { size: 'S', soldOut: true },
      { size: 'M', soldOut: false },
      { size: 'L', soldOut: true },
    ]);
    expect(
      sizeChoices(mixed, 'Blue')
        .filter((c) => !c.soldOut)
        .map((c) => c.size),
    ).toEqual(['L']);
    expect(
      sizeChoices(mixed, undefined)
        .filter((c) => !c.soldOut)
        .map((c) => c.size),
    ).toEqual(['M', 'L']);
    expect(colorChoices(mixed, 'M').map((c) => [c.color, c.soldOut])).toEqual([
      ['Red', false],
      ['Blue', true],
      ['Green', true],
    ]);
    expect(colorChoices(mixed, undefined).map((c) => c.soldOut)).toEqual([false, false, true]);
    expect(colorChoices(mixed, 'M')[0]).toEqual({ color: 'Red', colorHex: '#ff0000', soldOut: false });
  });

  it('knows a product with no stock at all, and which variant a card adds', () => {
    expect(isProductSoldOut(mixed)).toBe(false);
    expect(isProductSoldOut([rS, bM, gXS])).toBe(true);
    expect(isProductSoldOut([])).toBe(false); // no variants is a different message
    expect(cardVariant(mixed)).toBe(rM); // the first variant is sold out: the first in stock
    expect(cardVariant(variants)).toBe(redS);
    expect(cardVariant([rS, gXS])).toBeUndefined();
  });
});
