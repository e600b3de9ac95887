/**
 * The shop's own art: pure functions that return standalone SVG documents (no dependencies,
 * no external references, no text). seed/illustrations/write.ts writes them under public/.
 */
export { ART } from './species.ts';
export { SPECIES, type Species } from './species-kit.ts';
export type { Outfit, Print, Style } from './garment.ts';
export { LINE, darken } from './svg.ts';
export { outfitOf, printOf, speciesFromName, speciesOf, styleOf } from './drawing-choices.ts';
export { productColours, productSvg } from './product-art.ts';
export { categorySvg } from './category-art.ts';
export { avatarSvg, faviconSvg, logoSvg, mascotSvg, type Mascot } from './portraits.ts';
