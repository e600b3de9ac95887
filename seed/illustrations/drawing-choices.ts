/** From catalogue data to drawing choices: which species, style, print and outfit a product is drawn with. */
import type { SeedProduct } from '../catalogue.types.ts';
import type { Outfit, Print, Style } from './garment.ts';
import { SPECIES, type Species } from './species-kit.ts';
import { luminance } from './svg.ts';

export function speciesOf(product: SeedProduct): Species {
  const s = product.categories.find((c): c is Species => (SPECIES as readonly string[]).includes(c));
  if (!s) throw new Error(`product ${product.slug} has no species category`);
  return s;
}

export function speciesFromName(name: string): Species {
  const n = name.toLowerCase();
  if (n.includes('rex') || n.includes('tyranno')) return 't-rex';
  if (n.includes('raptor')) return 'raptor';
  if (n.includes('stego')) return 'stegosaurus';
  if (n.includes('tricera')) return 'triceratops';
  if (n.includes('bronto') || n.includes('sauropod')) return 'brontosaurus';
  if (n.includes('ptero')) return 'pterodactyl';
  return 't-rex';
}

export function styleOf(name: string): Style {
  const n = name.toLowerCase();
  if (n.includes('bralette')) return 'bralette';
  if (n.includes('thong')) return 'thong';
  if (/boxer|shorts|trunks/.test(n)) return 'boxers';
  return 'briefs';
}

export function printOf(product: SeedProduct): Print {
  const n = product.name.toLowerCase();
  if (/silk|satin/.test(n)) return 'solid';
  if (n.includes('extinction')) return 'stars';
  switch (product.collection) {
    case 'Jurassic Lace':
      return 'lace';
    case 'Cretaceous Comfort':
      return 'stripes';
    case 'Mesozoic Mischief':
      return 'hearts';
    case 'The Voluptuous Velociraptor Collection':
      return 'spots';
    default:
      return 'dots';
  }
}

/** What the product's dinosaur wears: in `colourHex` when given (a colour rendition), else in its first variant's colour. */
export function outfitOf(product: SeedProduct, colourHex?: string): Outfit {
  const first = product.variants[0];
  if (!first) throw new Error(`product ${product.slug} has no variants`);
  const colour = colourHex ?? first.colorHex;
  // the bow: the first other colour that is neither too dark nor too pale to read as a bow
  const other =
    product.variants
      .map((v) => v.colorHex)
      .find((hex) => hex.toLowerCase() !== colour.toLowerCase() && luminance(hex) > 0.08 && luminance(hex) < 0.7) ??
    (luminance(colour) > 0.3 ? '#d64545' : '#f28cb1');
  const style = styleOf(product.name);
  const print = printOf(product);
  return {
    style,
    colour,
    accent: other,
    print,
    bow: style === 'bralette' || style === 'thong' || print === 'lace' || print === 'solid' || product.id % 3 === 0,
    lashes: style === 'bralette' || style === 'thong' || print === 'lace' || print === 'spots',
  };
}
