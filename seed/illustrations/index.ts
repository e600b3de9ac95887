/**
 * The shop's own art: pure functions that return standalone SVG documents (no dependencies,
 * no external references, no text). seed/illustrations/write.ts writes them under public/.
 */
import type { SeedCategory, SeedProduct, SeedTestimonial } from '../catalogue.types.ts';
import { bow, type Outfit, type Print, type Style } from './garment.ts';
import { ART, SPECIES, type Species } from './species.ts';
import { INK, LINE, circle, darken, ellipse, g, lighten, line, luminance, mix, path, rng, shape, svgDoc } from './svg.ts';

export { ART, SPECIES, type Species } from './species.ts';
export type { Outfit, Print, Style } from './garment.ts';

const PASTELS = ['#fde2e4', '#e2ece9', '#fff1e6', '#dfe7fd', '#f0e6ff', '#fef6d8', '#ddf3f5', '#ffe5ec', '#e8f5d8'];

// ---------------------------------------------------------------------------------------------
// From catalogue data to drawing choices
// ---------------------------------------------------------------------------------------------

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
    product.variants.map((v) => v.colorHex).find((hex) => hex.toLowerCase() !== colour.toLowerCase() && luminance(hex) > 0.08 && luminance(hex) < 0.7) ??
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

// ---------------------------------------------------------------------------------------------
// Small decorations
// ---------------------------------------------------------------------------------------------

function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.28;
  return path(`M ${x} ${y - r} Q ${x + k} ${y - k} ${x + r} ${y} Q ${x + k} ${y + k} ${x} ${y + r} Q ${x - k} ${y + k} ${x - r} ${y} Q ${x - k} ${y - k} ${x} ${y - r} Z`, { fill });
}

function heart(x: number, y: number, s: number, fill: string): string {
  return g(path('M0 4 C -7 -4 -14 2 -8 8 L 0 15 L 8 8 C 14 2 7 -4 0 4 Z', { fill }), { transform: `translate(${x} ${y}) scale(${s})` });
}

/** Scatter sparkles and hearts in the margins of a w×h picture, avoiding the centre box. */
function confetti(seed: number, w: number, h: number, colours: string[], count: number, avoid: [number, number, number, number]): string {
  const rand = rng(seed);
  let s = '';
  let placed = 0;
  for (let tries = 0; placed < count && tries < count * 30; tries++) {
    const x = 20 + rand() * (w - 40);
    const y = 20 + rand() * (h - 40);
    const [ax, ay, aw, ah] = avoid;
    if (x > ax && x < ax + aw && y > ay && y < ay + ah) continue;
    const c = colours[Math.floor(rand() * colours.length)]!;
    s += rand() < 0.55 ? sparkle(x, y, 9 + rand() * 9, c) : heart(x, y, 0.9 + rand() * 0.7, c);
    placed += 1;
  }
  return s;
}

function nested(inner: string, viewBox: [number, number, number, number], x: number, y: number, w: number, h: number): string {
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${viewBox.join(' ')}" overflow="hidden">${inner}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Product images: 600×600
// ---------------------------------------------------------------------------------------------

const STYLE_WORDS: Record<Style, string> = { briefs: 'briefs', boxers: 'boxers', thong: 'a thong', bralette: 'a lace bralette and matching briefs' };

/** Every colour a product is sold in, each once, in first-seen order. */
export function productColours(product: SeedProduct): { name: string; hex: string }[] {
  const seen = new Map<string, { name: string; hex: string }>();
  for (const v of product.variants) if (!seen.has(v.colorHex.toLowerCase())) seen.set(v.colorHex.toLowerCase(), { name: v.color, hex: v.colorHex });
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
  body += confetti(product.id * 7919, 600, 600, [darken(bg, 0.12), lighten(outfit.colour, 0.35), '#ffffff'], 9, [70, 60, 460, 500]);
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

// ---------------------------------------------------------------------------------------------
// Category tiles: 800×600
// ---------------------------------------------------------------------------------------------

/** The outfit each species wears on its category tile. */
const CATEGORY_OUTFITS: Record<Species, Outfit> = {
  't-rex': { style: 'briefs', colour: '#d64545', accent: '#f28cb1', print: 'hearts', bow: true, lashes: false },
  raptor: { style: 'bralette', colour: '#7b4bb7', accent: '#f28cb1', print: 'lace', bow: true, lashes: true },
  stegosaurus: { style: 'briefs', colour: '#2f9e6e', accent: '#f0a202', print: 'dots', bow: true, lashes: false },
  triceratops: { style: 'boxers', colour: '#f26b38', accent: '#2b8fd6', print: 'stripes', bow: false, lashes: false },
  brontosaurus: { style: 'boxers', colour: '#2b8fd6', accent: '#f0a202', print: 'stars', bow: false, lashes: false },
  pterodactyl: { style: 'bralette', colour: '#f28cb1', accent: '#7b4bb7', print: 'lace', bow: true, lashes: true },
};

const SKIES: Record<string, [string, string]> = {
  't-rex': ['#ffe1d6', '#fff6e8'],
  raptor: ['#ffe9b8', '#fff8e6'],
  stegosaurus: ['#e6defa', '#f8f4ff'],
  triceratops: ['#d5eefa', '#f1fbff'],
  brontosaurus: ['#ffe0d0', '#fff6ef'],
  pterodactyl: ['#d6f3ef', '#f2fffc'],
  'new-arrivals': ['#fde2f0', '#fff5fa'],
  bestsellers: ['#fff0b8', '#fffbe8'],
};

function landscape(uid: string, sky: [string, string], seed: number): { defs: string; body: string } {
  const defs = `<linearGradient id="${uid}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`;
  const hill = mix(sky[0], '#8fd18b', 0.55);
  const hill2 = mix(sky[0], '#6cbf74', 0.7);
  let body = `<rect width="800" height="600" fill="url(#${uid}-sky)"/>`;
  body += circle(650, 110, 56, { fill: '#fff3b0' }) + circle(650, 110, 40, { fill: '#ffe071' });
  // cloud
  body += g(circle(0, 0, 26, { fill: '#fff' }) + circle(30, -10, 32, { fill: '#fff' }) + circle(62, 0, 24, { fill: '#fff' }) + `<rect x="0" y="0" width="62" height="24" fill="#fff"/>`, {
    transform: 'translate(110 110)',
    opacity: 0.9,
  });
  // volcano puffing a heart
  body += shape('M 560 430 L 640 300 L 680 300 L 760 430 Z', mix(sky[0], '#a58a7a', 0.75), { 'stroke-width': 4 });
  body += path('M 640 300 L 680 300 L 670 318 L 660 308 L 650 320 Z', { fill: '#ff8a5c' });
  body += heart(660, 240, 2.2, '#ff9bb3') + heart(690, 200, 1.3, '#ffc2d1');
  body += path('M 0 420 C 120 360 240 380 360 410 C 480 440 620 380 800 400 L 800 600 L 0 600 Z', { fill: hill });
  body += path('M 0 480 C 160 450 300 470 420 490 C 560 512 680 470 800 480 L 800 600 L 0 600 Z', { fill: hill2 });
  // fern fronds
  const frond = (x: number, y: number, s: number, flip: boolean) =>
    g(
      line('M 0 0 Q 10 -60 40 -110', 6, '#3f8f4e') +
        [0.25, 0.45, 0.65, 0.85]
          .map((t) => {
            const px = 10 * t * 4 * (1 - t) + 40 * t * t;
            const py = -60 * 2 * t * (1 - t) - 110 * t * t;
            return path(`M ${px} ${py} q -30 -6 -40 12 q 22 4 40 -12 Z M ${px} ${py} q 24 -16 40 -6 q -18 14 -40 6 Z`, { fill: '#4fa65c' });
          })
          .join(''),
      { transform: `translate(${x} ${y}) scale(${flip ? -s : s} ${s})` },
    );
  body += frond(60, 560, 1.3, false) + frond(110, 580, 1, true) + frond(740, 570, 1.2, true);
  body += confetti(seed, 800, 600, ['#ffffff', '#ffc2d1', '#ffe071'], 6, [120, 40, 560, 520]);
  return { defs, body };
}

export function categorySvg(category: SeedCategory): string {
  const uid = `c-${category.slug}`;
  const sky = SKIES[category.slug] ?? ['#f3e8ff', '#fffaf0'];
  const seed = [...category.slug].reduce((a, ch) => a * 31 + ch.charCodeAt(0), 7) >>> 0;
  const scene = landscape(uid, sky, seed);
  let defs = scene.defs;
  let body = scene.body;
  let title: string;
  if ((SPECIES as readonly string[]).includes(category.slug)) {
    const species = category.slug as Species;
    const dino = ART[species].draw(CATEGORY_OUTFITS[species], uid);
    defs += dino.defs;
    body += ellipse(400, 566, 230, 20, { fill: '#000', opacity: 0.12 });
    body += nested(dino.body, [0, 0, 600, 600], 100, 0, 600, 600);
    title = `${category.name} collection: a cartoon ${ART[species].label.toLowerCase()} showing off its underwear`;
  } else if (category.slug === 'new-arrivals') {
    const baby = ART['t-rex'].draw(null, uid);
    const [hx, hy, hs] = ART['t-rex'].portrait;
    // a freshly hatched t-rex popping out of a cracked egg, wearing a tiny bow
    body += ellipse(400, 560, 170, 22, { fill: '#000', opacity: 0.12 });
    body += shape('M 260 400 C 250 250 330 150 400 150 C 470 150 550 250 540 400 Z', '#fff6e6');
    body += nested(baby.body, [hx, hy, hs, hs], 250, 150, 300, 300);
    body += shape('M 246 380 L 290 350 L 320 390 L 360 345 L 400 392 L 440 348 L 480 390 L 512 350 L 554 380 C 566 500 500 566 400 566 C 300 566 234 500 246 380 Z', '#fff6e6');
    body += circle(330, 470, 14, { fill: '#ffd1dc' }) + circle(470, 500, 10, { fill: '#cfeefa' }) + circle(420, 440, 8, { fill: '#e4f6c9' });
    body += g(bow('#f28cb1'), { transform: 'translate(470 175) rotate(18) scale(1.1)' });
    title = 'New arrivals: a baby T-Rex hatching from a spotted egg';
  } else {
    const dino = ART['t-rex'].draw({ style: 'briefs', colour: '#d4a017', accent: '#d64545', print: 'stars', bow: true, lashes: false }, uid);
    defs += dino.defs;
    // gold podium with a star, the champion on top wearing a crown
    body += ellipse(400, 570, 220, 18, { fill: '#000', opacity: 0.12 });
    body += shape('M 230 470 L 570 470 L 570 572 L 230 572 Z', '#ffd45e');
    body += shape('M 230 470 L 570 470 L 552 452 L 248 452 Z', '#ffe591');
    body += path('M 400 494 L 410 516 L 434 518 L 416 534 L 422 558 L 400 545 L 378 558 L 384 534 L 366 518 L 390 516 Z', { fill: '#fff', stroke: INK, 'stroke-width': 4, 'stroke-linejoin': 'round' });
    const crown = shape('M 300 86 L 296 34 L 326 62 L 350 22 L 372 60 L 404 34 L 398 86 Z', '#ffd45e') + circle(350, 44, 6, { fill: '#d64545' }) + circle(318, 70, 5, { fill: '#2b8fd6' }) + circle(382, 70, 5, { fill: '#2f9e6e' });
    body += nested(dino.body + crown, [0, 0, 600, 600], 175, 49, 450, 450);
    title = 'Bestsellers: a cartoon T-Rex with a crown on a golden podium';
  }
  return svgDoc({ width: 800, height: 600, title, defs, body });
}

// ---------------------------------------------------------------------------------------------
// Testimonial avatars: 200×200 round
// ---------------------------------------------------------------------------------------------

const AVATAR_BG: Record<Species, string> = {
  't-rex': '#ffe0e6',
  raptor: '#dff1ff',
  stegosaurus: '#fff0d6',
  triceratops: '#ffe6f1',
  brontosaurus: '#e0f5ec',
  pterodactyl: '#f0e6ff',
};

export function avatarSvg(t: SeedTestimonial, seed = 1): string {
  const species = speciesFromName(t.species);
  const art = ART[species];
  const uid = `a${seed}`;
  const outfit: Outfit = { style: 'bralette', colour: ['#f28cb1', '#2b8fd6', '#d64545', '#7b4bb7', '#f0a202', '#2f9e6e'][seed % 6]!, accent: '#ffffff', print: 'lace', bow: false, lashes: seed % 2 === 0 };
  const dino = art.draw(outfit, uid);
  const [x, y, s] = art.portrait;
  const bg = AVATAR_BG[species];
  const defs = dino.defs + `<clipPath id="${uid}-clip"><circle cx="100" cy="100" r="94"/></clipPath>`;
  let body = circle(100, 100, 94, { fill: bg });
  body += g(circle(100, 100, 70, { fill: lighten(bg, 0.5) }) + nested(dino.body, [x, y, s, s], 0, 6, 200, 200), { 'clip-path': `url(#${uid}-clip)` });
  body += circle(100, 100, 94, { fill: 'none', stroke: INK, 'stroke-width': 5 });
  return svgDoc({ width: 200, height: 200, title: `${t.name}, a ${t.species.toLowerCase()} aged ${t.age}`, defs, body });
}

// ---------------------------------------------------------------------------------------------
// Mascots (transparent, 120×120), logo and favicon
// ---------------------------------------------------------------------------------------------

export type Mascot = 'trex' | 'stego' | 'raptor';
const MASCOT_SPECIES: Record<Mascot, Species> = { trex: 't-rex', stego: 'stegosaurus', raptor: 'raptor' };

export function mascotSvg(mascot: Mascot): string {
  const species = MASCOT_SPECIES[mascot];
  const art = ART[species];
  const dino = art.draw(null, `m-${mascot}`);
  const [x, y, s] = art.head;
  const body = nested(dino.body, [x, y, s, s], 0, 0, 120, 120);
  return svgDoc({ width: 120, height: 120, title: `A cheeky ${art.label.toLowerCase()} popping up to say hello`, body });
}

function logoMark(): string {
  const art = ART['t-rex'];
  const dino = art.draw(null, 'logo');
  const [x, y, s] = art.head;
  let body = circle(60, 60, 56, { fill: '#ffe0ec', stroke: INK, 'stroke-width': 4 });
  body += g(nested(dino.body, [x, y, s, s], 6, 10, 108, 108), { 'clip-path': 'url(#logo-clip)' });
  body += circle(60, 60, 56, { fill: 'none', stroke: INK, 'stroke-width': 4 });
  body += g(bow('#f28cb1'), { transform: 'translate(30 28) rotate(-20) scale(0.42)' });
  return body;
}

export function logoSvg(): string {
  return svgDoc({ width: 120, height: 120, title: 'DinoBooty logo: a smiling T-Rex wearing a pink bow', defs: '<clipPath id="logo-clip"><circle cx="60" cy="60" r="54"/></clipPath>', body: logoMark() });
}

export function faviconSvg(): string {
  return svgDoc({ width: 120, height: 120, title: 'DinoBooty', defs: '<clipPath id="logo-clip"><circle cx="60" cy="60" r="54"/></clipPath>', body: logoMark() });
}

export { LINE, darken };
