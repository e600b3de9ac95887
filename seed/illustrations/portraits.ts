/** Heads and portraits: testimonial avatars (200×200, round), the mascots (transparent, 120×120), the logo and the favicon. */
import type { SeedTestimonial } from '../catalogue.types.ts';
import { bow, type Outfit } from './garment.ts';
import { ART } from './species.ts';
import type { Species } from './species-kit.ts';
import { INK, circle, g, lighten, svgDoc } from './svg.ts';
import { nested } from './decorations.ts';
import { speciesFromName } from './drawing-choices.ts';

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
  const outfit: Outfit = {
    style: 'bralette',
    colour: ['#f28cb1', '#2b8fd6', '#d64545', '#7b4bb7', '#f0a202', '#2f9e6e'][seed % 6]!,
    accent: '#ffffff',
    print: 'lace',
    bow: false,
    lashes: seed % 2 === 0,
  };
  const dino = art.draw(outfit, uid);
  const [x, y, s] = art.portrait;
  const bg = AVATAR_BG[species];
  const defs = `${dino.defs}<clipPath id="${uid}-clip"><circle cx="100" cy="100" r="94"/></clipPath>`;
  let body = circle(100, 100, 94, { fill: bg });
  body += g(circle(100, 100, 70, { fill: lighten(bg, 0.5) }) + nested(dino.body, [x, y, s, s], 0, 6, 200, 200), {
    'clip-path': `url(#${uid}-clip)`,
  });
  body += circle(100, 100, 94, { fill: 'none', stroke: INK, 'stroke-width': 5 });
  return svgDoc({
    width: 200,
    height: 200,
    title: `${t.name}, a ${t.species.toLowerCase()} aged ${t.age}`,
    defs,
    body,
  });
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
  return svgDoc({
    width: 120,
    height: 120,
    title: `A cheeky ${art.label.toLowerCase()} popping up to say hello`,
    body,
  });
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
  return svgDoc({
    width: 120,
    height: 120,
    title: 'DinoBooty logo: a smiling T-Rex wearing a pink bow',
    defs: '<clipPath id="logo-clip"><circle cx="60" cy="60" r="54"/></clipPath>',
    body: logoMark(),
  });
}

export function faviconSvg(): string {
  return svgDoc({
    width: 120,
    height: 120,
    title: 'DinoBooty',
    defs: '<clipPath id="logo-clip"><circle cx="60" cy="60" r="54"/></clipPath>',
    body: logoMark(),
  });
}
