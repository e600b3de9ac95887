/** Category tiles: 800×600, the species in its landscape, a hatching egg for new arrivals, a podium for bestsellers. */
import type { SeedCategory } from '../catalogue.types.ts';
import { bow, type Outfit } from './garment.ts';
import { ART } from './species.ts';
import { SPECIES, type Species } from './species-kit.ts';
import { INK, circle, ellipse, g, line, mix, path, shape, svgDoc } from './svg.ts';
import { confetti, heart, nested } from './decorations.ts';

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
  body += g(
    `${circle(0, 0, 26, { fill: '#fff' }) + circle(30, -10, 32, { fill: '#fff' }) + circle(62, 0, 24, { fill: '#fff' })}<rect x="0" y="0" width="62" height="24" fill="#fff"/>`,
    {
      transform: 'translate(110 110)',
      opacity: 0.9,
    },
  );
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
            return path(`M ${px} ${py} q -30 -6 -40 12 q 22 4 40 -12 Z M ${px} ${py} q 24 -16 40 -6 q -18 14 -40 6 Z`, {
              fill: '#4fa65c',
            });
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
    body += shape(
      'M 246 380 L 290 350 L 320 390 L 360 345 L 400 392 L 440 348 L 480 390 L 512 350 L 554 380 C 566 500 500 566 400 566 C 300 566 234 500 246 380 Z',
      '#fff6e6',
    );
    body +=
      circle(330, 470, 14, { fill: '#ffd1dc' }) +
      circle(470, 500, 10, { fill: '#cfeefa' }) +
      circle(420, 440, 8, { fill: '#e4f6c9' });
    body += g(bow('#f28cb1'), { transform: 'translate(470 175) rotate(18) scale(1.1)' });
    title = 'New arrivals: a baby T-Rex hatching from a spotted egg';
  } else {
    const dino = ART['t-rex'].draw(
      { style: 'briefs', colour: '#d4a017', accent: '#d64545', print: 'stars', bow: true, lashes: false },
      uid,
    );
    defs += dino.defs;
    // gold podium with a star, the champion on top wearing a crown
    body += ellipse(400, 570, 220, 18, { fill: '#000', opacity: 0.12 });
    body += shape('M 230 470 L 570 470 L 570 572 L 230 572 Z', '#ffd45e');
    body += shape('M 230 470 L 570 470 L 552 452 L 248 452 Z', '#ffe591');
    body += path(
      'M 400 494 L 410 516 L 434 518 L 416 534 L 422 558 L 400 545 L 378 558 L 384 534 L 366 518 L 390 516 Z',
      { fill: '#fff', stroke: INK, 'stroke-width': 4, 'stroke-linejoin': 'round' },
    );
    const crown =
      shape('M 300 86 L 296 34 L 326 62 L 350 22 L 372 60 L 404 34 L 398 86 Z', '#ffd45e') +
      circle(350, 44, 6, { fill: '#d64545' }) +
      circle(318, 70, 5, { fill: '#2b8fd6' }) +
      circle(382, 70, 5, { fill: '#2f9e6e' });
    body += nested(dino.body + crown, [0, 0, 600, 600], 175, 49, 450, 450);
    title = 'Bestsellers: a cartoon T-Rex with a crown on a golden podium';
  }
  return svgDoc({ width: 800, height: 600, title, defs, body });
}
