/** Product images: 600×600, one per colour a product is sold in. */
import type { SeedProduct } from '../catalogue.types.ts';
import type { Style } from './garment.ts';
import { ART } from './species.ts';
import { circle, darken, ellipse, lighten, svgDoc } from './svg.ts';
import { confetti } from './decorations.ts';
import { outfitOf, speciesOf } from './drawing-choices.ts';

const PASTELS = ['#fde2e4', '#e2ece9', '#fff1e6', '#dfe7fd', '#f0e6ff', '#fef6d8', '#ddf3f5', '#ffe5ec', '#e8f5d8'];

const STYLE_WORDS: Record<Style, string> = {
  briefs: 'briefs',
  boxers: 'boxers',
  thong: 'a thong',
  bralette: 'a lace bralette and matching briefs',
};

/** Every colour a product is sold in, each once, in first-seen order. */
export function productColours(product: SeedProduct): { name: string; hex: string }[] {
  const seen = new Map<string, { name: string; hex: string }>();
  for (const v of product.variants)
    if (!seen.has(v.colorHex.toLowerCase())) seen.set(v.colorHex.toLowerCase(), { name: v.color, hex: v.colorHex });
  return [...seen.values()];
}

/**
 * The product's picture, in one of its colours (default: the first variant's). Only the garment and the
 * confetti take the colour: background, pose and prints stay, so switching colours never moves anything.
 */
export function productSvg(product: SeedProduct, colour?: { name: string; hex: string }): string {
  const species = speciesOf(product);
  const art = ART[species];
  const outfit = outfitOf(product, colour?.hex);
  const bg = PASTELS[product.id % PASTELS.length]!;
  const uid = `p${product.id}`;
  const dino = art.draw(outfit, uid);
  let body = `<rect width="600" height="600" fill="${bg}"/>`;
  body += circle(300, 300, 250, { fill: lighten(bg, 0.55) });
  body += confetti(
    product.id * 7919,
    600,
    600,
    [darken(bg, 0.12), lighten(outfit.colour, 0.35), '#ffffff'],
    9,
    [70, 60, 460, 500],
  );
  body += ellipse(300, 552, 250, 22, { fill: darken(bg, 0.12) });
  body += dino.body;
  const colourName = colour?.name ?? product.variants[0]?.color ?? '';
  return svgDoc({
    width: 600,
    height: 600,
    title: `${product.name}: a cartoon ${art.label.toLowerCase()} wearing ${STYLE_WORDS[outfit.style]} in ${colourName}`,
    defs: dino.defs,
    body,
  });
}
