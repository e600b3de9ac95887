/** One cartoon body per species, facing right, drawn in a 600×600 box standing on y≈548. */
import { garment, type GarmentFit, type Outfit } from './garment.ts';
import { INK, LINE, circle, darken, ellipse, g, lighten, line, path, shape, tube } from './svg.ts';

export type Species = 't-rex' | 'raptor' | 'stegosaurus' | 'triceratops' | 'brontosaurus' | 'pterodactyl';
export const SPECIES: readonly Species[] = [
  't-rex',
  'raptor',
  'stegosaurus',
  'triceratops',
  'brontosaurus',
  'pterodactyl',
];

export interface Drawing {
  defs: string;
  body: string;
}

export interface SpeciesArt {
  label: string;
  skin: string;
  /** A square crop (x, y, size) around the head and shoulders, for avatars. */
  portrait: [number, number, number];
  /** A square crop around the head only, for the pop-up mascots. */
  head: [number, number, number];
  draw(outfit: Outfit | null, uid: string): Drawing;
}

const BLUSH = '#ff8fa3';
const CLAW = '#fff4dc';

/** A big friendly eye looking slightly forward (to the right). */
export function eye(cx: number, cy: number, r: number, lashes = false): string {
  let s = circle(cx, cy, r, { fill: '#fff', stroke: INK, 'stroke-width': LINE - 1 });
  s += circle(cx + r * 0.22, cy + r * 0.08, r * 0.62, { fill: INK });
  s += circle(cx + r * 0.4, cy - r * 0.2, r * 0.22, { fill: '#fff' });
  s += circle(cx + r * 0.05, cy + r * 0.32, r * 0.1, { fill: '#fff' });
  if (lashes) {
    const l = (a: number) => {
      const rad = (a * Math.PI) / 180;
      const x1 = cx + Math.cos(rad) * r;
      const y1 = cy + Math.sin(rad) * r;
      const x2 = cx + Math.cos(rad) * r * 1.45;
      const y2 = cy + Math.sin(rad) * r * 1.45;
      return `M ${x1.toFixed(1)} ${y1.toFixed(1)} L ${x2.toFixed(1)} ${y2.toFixed(1)}`;
    };
    s += line([l(-150), l(-120), l(-90), l(-60)].join(' '), 4);
  }
  return s;
}

export function blush(cx: number, cy: number, rx = 18, ry = 10): string {
  return ellipse(cx, cy, rx, ry, { fill: BLUSH, opacity: 0.55 });
}

function dressed(uid: string, fit: GarmentFit, outfit: Outfit | null): Drawing {
  return outfit ? garment(uid, fit, outfit) : { defs: '', body: '' };
}

/** Move a path's absolute coordinates (only used on our own simple M/L/C/Q/Z paths). */
export function shift(d: string, dx: number, dy: number): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (n) => {
    const v = Number(n) + (i % 2 === 0 ? dx : dy);
    i += 1;
    return String(Math.round(v * 10) / 10);
  });
}

interface Haunch {
  x: number;
  y: number;
  r: number;
  /** Leg half-widths behind (w1) and in front of (w2) the haunch centre. */
  w1: number;
  w2: number;
}

/** A haunch (big round thigh) with a stumpy leg below it, standing on `ground`. */
function haunchLegPath(h: Haunch, ground: number): string {
  const { x, y, r, w1, w2 } = h;
  return (
    `M ${x - r} ${y} C ${x - r} ${y - r * 1.1} ${x + r} ${y - r * 1.1} ${x + r} ${y} ` +
    `C ${x + r} ${y + r * 0.5} ${x + w2} ${y + r * 0.6} ${x + w2} ${y + r * 0.95} ` +
    `L ${x + w2} ${ground - 12} Q ${x + w2} ${ground} ${x + w2 - 12} ${ground} L ${x - w1 + 12} ${ground} Q ${x - w1} ${ground} ${x - w1} ${ground - 12} ` +
    `L ${x - w1} ${y + r * 0.95} C ${x - w1} ${y + r * 0.6} ${x - r} ${y + r * 0.5} ${x - r} ${y} Z`
  );
}

function haunchLeg(h: Haunch, ground: number, fill: string): string {
  let s = shape(haunchLegPath(h, ground), fill);
  const left = h.x - h.w1;
  const w = h.w1 + h.w2;
  for (let k = 0; k < 3; k++) {
    const cx = left + (w / 4) * (k + 1) + 3;
    s += path(`M ${cx - 8} ${ground - 1} Q ${cx} ${ground - 16} ${cx + 8} ${ground - 1} Z`, {
      fill: CLAW,
      stroke: INK,
      'stroke-width': 3,
      'stroke-linejoin': 'round',
    });
  }
  return s;
}

/**
 * Underwear on a four-legged dinosaur seen from the side: the waistband runs down the body in
 * front of the rump, the leg opening wraps under the near haunch.
 */
function quadFit(
  body: string,
  h: Haunch,
  ground: number,
  waist: [number, number, number, number, number, number],
  tailBase: [number, number],
  bowT = 0.28,
): GarmentFit {
  const [x1, y1, cx, cy, x2, y2] = waist;
  const { x, y, r, w1, w2 } = h;
  const top = `M ${x1} ${y1 - 40} Q ${cx} ${cy} ${x2} ${y2 + 8}`;
  const legFront = [x + w2 + 10, y + r * 0.92];
  const legBack = [x - r - 6, y + r * 0.3];
  const under = [x, y + r * 1.45];
  const hole = `M ${legFront[0]} ${legFront[1]} Q ${under[0]} ${under[1]} ${legBack[0]} ${legBack[1]}`;
  const hem = y + r * 1.75;
  const far = 20;
  const bt = bowT;
  const bx = (1 - bt) * (1 - bt) * x1 + 2 * (1 - bt) * bt * cx + bt * bt * x2;
  const by = (1 - bt) * (1 - bt) * y1 + 2 * (1 - bt) * bt * cy + bt * bt * y2;
  // a thin band along the waist, plus the string of the thong running back over the rump to the tail
  const o = 15;
  const band = `M ${x1 + o} ${y1 - 40} Q ${cx + o} ${cy} ${x2 + o} ${y2 + 8} L ${x2 - o} ${y2 + 8} Q ${cx - o} ${cy} ${x1 - o} ${y1 - 40} Z`;
  const st = 0.42;
  const sx = (1 - st) * (1 - st) * x1 + 2 * (1 - st) * st * cx + st * st * x2;
  const sy = (1 - st) * (1 - st) * y1 + 2 * (1 - st) * st * cy + st * st * y2;
  const [tx, ty] = tailBase;
  const string =
    `M ${sx} ${sy - 9} Q ${(sx + tx) / 2} ${Math.min(sy, ty) - 12} ${tx - 30} ${ty - 9} L ${tx - 30} ${ty + 9} Q ${(sx + tx) / 2} ${Math.min(sy, ty) + 6} ${sx} ${sy + 9} Z ` +
    `M ${tx - 10} ${ty - 16} L ${tx + 46} ${ty - 4} Q ${tx + 22} ${ty + 16} ${tx + 4} ${ty + 44} Q ${tx - 4} ${ty + 10} ${tx - 10} ${ty - 16} Z`;
  return {
    cover: [body, haunchLegPath(h, ground)],
    waist: `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`,
    briefs: {
      region: `${top} L ${legFront[0]} ${legFront[1]} Q ${under[0]} ${under[1]} ${legBack[0]} ${legBack[1]} L ${far} ${legBack[1]} L ${far} ${y1 - 40} Z`,
      edges: [hole],
    },
    boxers: {
      region: `${top} L ${x + w2 + 12} ${hem} L ${x - w1 - 12} ${hem} L ${far} ${hem} L ${far} ${y1 - 40} Z`,
      edges: [`M ${x + w2 + 6} ${hem} L ${x - w1 - 6} ${hem}`],
    },
    thong: {
      region: `${band} ${string}`,
      edges: [],
    },
    bow: { x: bx, y: by, scale: 0.85, angle: 15 },
  };
}

// ---------------------------------------------------------------------------------------------
// T-Rex: chubby, upright, huge head, tiny arms
// ---------------------------------------------------------------------------------------------

const trex: SpeciesArt = (() => {
  const skin = '#7ac36a';
  const dark = darken(skin, 0.2);
  const belly = '#e4f6c9';
  const tail = 'M 215 395 C 160 430 100 480 30 530 C 60 548 135 545 200 520 C 232 508 252 492 262 470 Z';
  const body =
    'M 300 205 C 385 205 428 295 422 375 C 416 455 372 492 300 492 C 228 492 184 455 180 375 C 176 295 215 205 300 205 Z';
  const bellyD =
    'M 338 250 C 395 262 412 340 406 398 C 401 448 372 476 338 480 C 306 472 292 422 294 370 C 296 310 306 262 338 250 Z';
  const leg =
    'M 285 420 C 285 378 388 374 394 430 C 397 462 382 480 372 492 L 374 522 L 410 524 C 430 526 432 548 410 548 L 322 548 C 306 548 304 528 318 522 L 318 498 C 296 484 285 456 285 420 Z';
  const farLeg = shift(leg, -62, -4);
  const head =
    'M 248 178 C 243 105 305 66 375 70 C 450 74 505 108 506 162 C 507 210 472 236 420 238 C 360 240 298 242 270 226 C 254 216 249 198 248 178 Z';
  const waist = 'M 160 370 Q 300 402 445 358';
  const fit: GarmentFit = {
    cover: [body, leg],
    waist,
    briefs: {
      region: 'M 150 363 Q 300 395 452 350 L 460 468 L 405 492 Q 330 438 238 462 L 150 470 Z',
      edges: ['M 405 492 Q 330 438 238 462'],
    },
    boxers: {
      region: 'M 150 363 Q 300 395 452 350 L 458 470 Q 420 502 376 500 L 286 500 L 150 500 Z',
      edges: ['M 396 484 Q 380 502 330 502 L 280 498'],
    },
    thong: {
      region:
        'M 150 360 Q 300 393 452 348 L 452 376 Q 300 420 150 388 Z M 352 390 L 440 372 Q 410 440 392 486 Q 372 440 352 390 Z',
      edges: ['M 352 392 Q 372 440 392 486 Q 410 440 440 374'],
    },
    bra: {
      cups: 'M 318 318 Q 318 274 346 258 Q 374 274 376 318 Q 347 332 318 318 Z M 378 316 Q 380 274 404 258 Q 428 276 430 314 Q 404 328 378 316 Z',
      band: 'M 180 316 Q 300 338 430 314',
      straps: ['M 346 260 L 326 212', 'M 404 260 L 396 220'],
    },
    bow: { x: 366, y: 384, scale: 0.9, angle: -10 },
  };
  return {
    label: 'T-Rex',
    skin,
    portrait: [215, 45, 320],
    head: [236, 54, 280],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s = shape(farLeg, dark);
      s += shape(tail, skin);
      s += line('M 90 500 Q 100 490 112 492 M 135 478 Q 146 468 158 471', 5, dark);
      s += shape(body, skin);
      s += path(bellyD, { fill: belly });
      s += line('M 330 300 Q 350 306 372 300 M 326 340 Q 350 348 380 340', 4, lighten(dark, 0.4));
      s += line('M 214 280 Q 226 270 240 272 M 200 320 Q 212 310 228 312', 6, dark);
      s += shape(leg, skin);
      s += path('M 400 548 L 414 530 L 424 548 Z M 380 548 L 392 532 L 402 548 Z', {
        fill: CLAW,
        stroke: INK,
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      s += dress.body;
      // tiny arms
      s += tube('M 392 292 Q 420 290 430 312', skin, 15) + line('M 430 318 L 438 330 M 424 320 L 426 334', 4);
      s += tube('M 404 330 Q 432 332 440 354', skin, 15) + line('M 440 360 L 448 372 M 434 362 L 436 376', 4);
      // head
      s += shape(head, skin);
      s += line('M 268 118 Q 280 100 296 98 M 282 142 Q 292 128 306 126', 5, dark, { opacity: 0.8 });
      s += ellipse(484, 124, 6, 4, { fill: INK });
      s += eye(354, 140, 27, outfit?.lashes ?? false);
      s += line('M 326 98 Q 352 86 380 98', 5);
      s += blush(394, 184, 20, 11);
      s += path('M 412 205 L 419 220 L 427 207 Z M 448 208 L 455 222 L 462 206 Z', {
        fill: '#fff',
        stroke: INK,
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      s += line('M 392 194 Q 445 226 494 186', 6);
      return { defs: dress.defs, body: s };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// Raptor: lean, long tail, long snout, sickle claw
// ---------------------------------------------------------------------------------------------

const raptor: SpeciesArt = (() => {
  const skin = '#f5c451';
  const dark = darken(skin, 0.22);
  const stripe = '#e0892e';
  const belly = '#fff1c9';
  const tail = 'M 240 330 C 180 318 110 292 28 240 C 24 254 28 270 40 282 C 110 346 182 392 254 404 Z';
  const body =
    'M 228 352 C 222 282 290 232 355 240 C 412 246 430 302 416 356 C 402 410 350 440 300 436 C 256 432 232 402 228 352 Z';
  const neck = 'M 352 262 C 366 216 384 188 404 168 L 458 188 C 436 210 420 252 410 302 Z';
  const head =
    'M 380 152 C 386 110 440 94 482 106 C 522 118 552 136 558 160 C 562 184 534 194 500 194 C 460 196 420 198 400 186 C 386 178 378 166 380 152 Z';
  const leg =
    'M 266 382 C 264 338 352 336 356 388 C 358 420 336 440 318 452 L 302 500 L 336 520 C 352 528 352 548 334 548 L 272 548 C 258 548 258 530 272 524 L 276 500 L 270 468 C 262 440 266 420 266 382 Z';
  const farLeg = shift(leg, -58, -6);
  const fit: GarmentFit = {
    cover: [body, leg],
    waist: 'M 218 320 Q 320 360 432 336',
    briefs: {
      region: 'M 200 312 Q 320 352 440 326 L 440 420 L 372 446 Q 320 400 258 432 L 200 440 Z',
      edges: ['M 372 446 Q 320 400 258 432'],
    },
    boxers: {
      region: 'M 200 312 Q 320 352 440 326 L 440 440 Q 380 468 330 466 L 200 460 Z',
      edges: ['M 360 452 Q 330 468 268 458'],
    },
    thong: {
      region:
        'M 200 310 Q 320 350 440 324 L 440 350 Q 320 378 200 338 Z M 330 358 L 420 346 Q 392 398 372 438 Q 352 400 330 358 Z',
      edges: ['M 330 360 Q 352 400 372 438 Q 392 398 420 348'],
    },
    bra: {
      cups: 'M 318 300 Q 318 258 350 244 Q 382 258 384 300 Q 350 314 318 300 Z M 382 296 Q 384 256 410 244 Q 434 262 434 294 Q 408 308 382 296 Z',
      band: 'M 226 296 Q 330 316 430 292',
      straps: ['M 350 246 L 344 214', 'M 410 246 L 420 220'],
    },
    bow: { x: 402, y: 344, scale: 0.8, angle: -10 },
  };
  return {
    label: 'Raptor',
    skin,
    portrait: [320, 60, 260],
    head: [356, 64, 214],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s = shape(farLeg, dark);
      s += shape(tail, skin);
      s += line('M 70 270 Q 80 286 76 300 M 120 296 Q 130 314 126 328 M 170 322 Q 180 338 176 352', 9, stripe);
      s += shape(neck, skin);
      s += shape(body, skin);
      s += path('M 380 262 C 408 282 412 340 396 376 C 382 410 350 428 322 430 C 352 380 362 320 380 262 Z', {
        fill: belly,
      });
      s += line('M 262 268 Q 270 286 262 300 M 300 248 Q 310 266 302 282', 9, stripe);
      s += shape(leg, skin);
      s += path('M 326 548 L 340 532 L 348 548 Z', {
        fill: CLAW,
        stroke: INK,
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      s += path('M 272 530 Q 246 506 270 488 Q 262 506 284 524 Z', {
        fill: CLAW,
        stroke: INK,
        'stroke-width': 3.5,
        'stroke-linejoin': 'round',
      });
      s += dress.body;
      // arm with three claws
      s +=
        tube('M 388 312 Q 420 330 444 316', skin, 14) +
        line('M 450 312 L 462 304 M 452 320 L 466 318 M 448 326 L 458 334', 4);
      // head
      s += path('M 392 136 L 366 112 L 398 122 L 384 96 L 414 114 L 412 92 L 432 112', {
        fill: stripe,
        stroke: INK,
        'stroke-width': 4,
        'stroke-linejoin': 'round',
      });
      s += shape(head, skin);
      s += ellipse(538, 142, 5, 3.5, { fill: INK });
      s += eye(440, 140, 23, outfit?.lashes ?? false);
      s += line('M 416 104 Q 440 96 462 106', 5);
      s += blush(468, 172, 16, 9);
      s += path('M 492 180 L 498 192 L 505 180 Z', {
        fill: '#fff',
        stroke: INK,
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      s += line('M 468 172 Q 510 192 550 166', 5);
      return { defs: dress.defs, body: s };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// Stegosaurus: arched back with plates, spiky tail, tiny head
// ---------------------------------------------------------------------------------------------

function plate(bx: number, by: number, h: number, angle: number, fill: string): string {
  const w = h * 0.55;
  const d = `M 0 ${h * 0.25} Q ${-w} ${-h * 0.25} 0 ${-h} Q ${w} ${-h * 0.25} 0 ${h * 0.25} Z`;
  return g(shape(d, fill) + line(`M 0 ${h * 0.1} L 0 ${-h * 0.6}`, 3, darken(fill, 0.2)), {
    transform: `translate(${bx} ${by}) rotate(${angle})`,
  });
}

const stegosaurus: SpeciesArt = (() => {
  const skin = '#a993e0';
  const dark = darken(skin, 0.2);
  const plates = '#ff9f68';
  const body =
    'M 140 412 C 140 282 250 200 350 205 C 450 210 500 300 490 400 C 486 440 452 452 412 452 L 200 452 C 162 452 140 440 140 412 Z';
  const tail = 'M 175 360 C 125 350 75 318 22 262 C 14 286 24 316 40 334 C 90 392 140 420 182 428 Z';
  const head =
    'M 430 350 C 470 330 500 318 540 324 C 570 330 594 360 586 392 C 578 412 540 414 500 408 C 470 404 450 398 430 392 Z';
  const hind: Haunch = { x: 218, y: 404, r: 64, w1: 36, w2: 34 };
  const front: Haunch = { x: 430, y: 420, r: 44, w1: 28, w2: 28 };
  const fit = quadFit(body, hind, 548, [262, 214, 236, 330, 300, 454], [150, 372]);
  return {
    label: 'Stegosaurus',
    skin,
    portrait: [408, 236, 200],
    head: [404, 236, 204],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s =
        haunchLeg({ ...hind, x: hind.x + 50, y: hind.y - 10 }, 540, dark) +
        haunchLeg({ ...front, x: front.x + 38, y: front.y - 10 }, 540, dark);
      // tail spikes (thagomizer) then tail
      s += shape('M 34 290 Q 28 252 10 222 Q 52 246 66 294 Z', CLAW, { 'stroke-width': 4 });
      s += shape('M 76 324 Q 72 280 58 246 Q 98 270 108 328 Z', CLAW, { 'stroke-width': 4 });
      s += shape(tail, skin);
      const plateSpots: [number, number, number, number][] = [
        [182, 318, 62, -48],
        [228, 262, 82, -32],
        [290, 222, 96, -12],
        [356, 212, 96, 8],
        [418, 236, 82, 28],
        [466, 288, 62, 46],
      ];
      s += plateSpots.map(([x, y, h, a]) => plate(x, y, h, a, plates)).join('');
      s += shape(head, skin);
      s += shape(body, skin);
      s +=
        ellipse(290, 290, 18, 12, { fill: lighten(skin, 0.3) }) +
        ellipse(350, 258, 14, 10, { fill: lighten(skin, 0.3) }) +
        ellipse(420, 300, 16, 11, { fill: lighten(skin, 0.3) });
      s += haunchLeg(hind, 548, skin);
      s += haunchLeg(front, 548, skin);
      s += dress.body;
      s += eye(530, 358, 19, outfit?.lashes ?? false);
      s += line('M 514 330 Q 530 324 548 332', 4);
      s += ellipse(580, 366, 4, 3, { fill: INK });
      s += blush(552, 386, 12, 7);
      s += line('M 542 392 Q 562 402 582 388', 5);
      return { defs: dress.defs, body: s };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// Triceratops: three horns, big frill, sturdy
// ---------------------------------------------------------------------------------------------

function frill(cx: number, cy: number, r: number, bumps: number, fill: string): string {
  let d = '';
  const start = -200;
  const end = 40;
  const steps = bumps * 2;
  for (let k = 0; k <= steps; k++) {
    const a = ((start + ((end - start) * k) / steps) * Math.PI) / 180;
    const rr = k % 2 === 0 ? r : r + 16;
    const x = cx + Math.cos(a) * rr;
    const y = cy + Math.sin(a) * rr;
    d += k === 0 ? `M ${x.toFixed(1)} ${y.toFixed(1)}` : ` L ${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  d += ` L ${cx} ${cy} Z`;
  let s = shape(d, fill, { 'stroke-linejoin': 'round' });
  for (let k = 1; k < steps; k += 2) {
    const a = ((start + ((end - start) * k) / steps) * Math.PI) / 180;
    s += circle(cx + Math.cos(a) * (r - 16), cy + Math.sin(a) * (r - 16), 7, { fill: lighten(fill, 0.45) });
  }
  return s;
}

const triceratops: SpeciesArt = (() => {
  const skin = '#6ec1e4';
  const dark = darken(skin, 0.2);
  const frillColour = '#f7a1c4';
  const horn = '#fff3d6';
  const body =
    'M 128 412 C 128 302 220 250 320 250 C 410 250 456 310 456 382 C 456 432 430 452 390 452 L 180 452 C 145 452 128 436 128 412 Z';
  const tail = 'M 150 372 C 110 366 70 376 28 402 C 60 424 110 428 160 428 Z';
  const head =
    'M 404 304 C 410 254 478 238 524 260 C 566 280 592 320 590 350 C 588 380 548 390 500 386 C 454 382 404 358 404 304 Z';
  const hind: Haunch = { x: 204, y: 404, r: 62, w1: 36, w2: 34 };
  const front: Haunch = { x: 390, y: 420, r: 44, w1: 30, w2: 28 };
  const fit = quadFit(body, hind, 548, [250, 256, 226, 340, 284, 454], [136, 386]);
  return {
    label: 'Triceratops',
    skin,
    portrait: [322, 120, 290],
    head: [340, 130, 262],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s =
        haunchLeg({ ...hind, x: hind.x + 50, y: hind.y - 10 }, 540, dark) +
        haunchLeg({ ...front, x: front.x + 36, y: front.y - 10 }, 540, dark);
      s += shape(tail, skin);
      s += shape(body, skin);
      s +=
        ellipse(270, 300, 16, 10, { fill: lighten(skin, 0.3) }) +
        ellipse(320, 280, 12, 8, { fill: lighten(skin, 0.3) }) +
        ellipse(350, 330, 12, 8, { fill: lighten(skin, 0.3) });
      s += haunchLeg(hind, 548, skin);
      s += haunchLeg(front, 548, skin);
      s += dress.body;
      s += frill(436, 296, 104, 7, frillColour);
      // far brow horn, head, near brow horn, nose horn
      s += shape('M 500 262 Q 522 214 566 188 Q 542 234 530 276 Z', horn);
      s += shape(head, skin);
      s += shape('M 458 262 Q 468 206 504 170 Q 490 224 490 270 Z', horn);
      s += shape('M 560 290 Q 570 266 588 252 Q 588 282 582 304 Z', horn);
      s += path('M 574 352 Q 596 348 592 330 Q 594 360 574 366 Z', { fill: darken(skin, 0.25) });
      s += eye(482, 310, 21, outfit?.lashes ?? false);
      s += ellipse(572, 318, 4, 3, { fill: INK });
      s += blush(518, 344, 15, 9);
      s += line('M 512 360 Q 548 380 580 360', 5);
      return { defs: dress.defs, body: s };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// Brontosaurus: long neck, small head, long tail
// ---------------------------------------------------------------------------------------------

const brontosaurus: SpeciesArt = (() => {
  const skin = '#f5b08a';
  const dark = darken(skin, 0.2);
  const body =
    'M 128 412 C 126 312 230 268 320 268 C 420 268 470 322 470 392 C 470 442 440 458 390 458 L 190 458 C 150 458 130 442 128 412 Z';
  const neck = 'M 380 300 C 428 250 424 150 452 102 L 506 116 C 480 168 478 262 456 338 Z';
  const head = 'M 440 102 C 442 62 502 48 544 66 C 576 80 574 112 546 122 C 514 132 456 134 440 102 Z';
  const tail = 'M 150 362 C 96 360 56 332 30 284 C 18 296 18 322 32 344 C 66 402 118 426 170 428 Z';
  const hind: Haunch = { x: 208, y: 410, r: 64, w1: 38, w2: 36 };
  const front: Haunch = { x: 408, y: 424, r: 46, w1: 32, w2: 30 };
  const fit = quadFit(body, hind, 548, [262, 276, 240, 360, 296, 460], [136, 376]);
  return {
    label: 'Brontosaurus',
    skin,
    portrait: [392, 2, 230],
    head: [410, 20, 180],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s =
        haunchLeg({ ...hind, x: hind.x + 52, y: hind.y - 10 }, 540, dark) +
        haunchLeg({ ...front, x: front.x + 38, y: front.y - 10 }, 540, dark);
      s += shape(tail, skin);
      s += shape(neck, skin);
      s += line(
        'M 432 160 Q 448 166 462 162 M 424 210 Q 440 216 456 212 M 414 260 Q 430 266 448 262',
        4,
        darken(skin, 0.12),
      );
      s += shape(body, skin);
      s += [
        [300, 310, 18, 12],
        [350, 290, 14, 9],
        [400, 320, 16, 11],
        [250, 300, 12, 8],
      ]
        .map(([x, y, rx, ry]) => ellipse(x!, y!, rx!, ry!, { fill: lighten(skin, 0.35) }))
        .join('');
      s += haunchLeg(hind, 548, skin);
      s += haunchLeg(front, 548, skin);
      s += dress.body;
      s += shape(head, skin);
      s += eye(494, 84, 17, outfit?.lashes ?? false);
      s += line('M 478 58 Q 494 52 510 58', 4);
      s += ellipse(562, 86, 4, 3, { fill: INK });
      s += blush(522, 106, 12, 7);
      s += line('M 516 112 Q 540 122 564 104', 5);
      return { defs: dress.defs, body: s };
    },
  };
})();

// ---------------------------------------------------------------------------------------------
// Pterodactyl: standing, wings spread, crest and long beak
// ---------------------------------------------------------------------------------------------

const pterodactyl: SpeciesArt = (() => {
  const skin = '#7fcdc4';
  const wing = '#b7e6df';
  const crest = '#ff9f68';
  const leftWing =
    'M 272 300 C 210 250 120 196 36 196 C 62 240 72 290 84 338 C 124 320 168 334 198 362 C 214 334 244 334 264 362 Z';
  const rightWing =
    'M 328 300 C 390 250 480 196 564 196 C 538 240 528 290 516 338 C 476 320 432 334 402 362 C 386 334 356 334 336 362 Z';
  const body =
    'M 300 270 C 350 270 376 320 374 372 C 372 428 342 468 300 468 C 258 468 228 428 226 372 C 224 320 250 270 300 270 Z';
  const leftLeg = 'M 278 440 L 272 526';
  const rightLeg = 'M 322 440 L 328 526';
  const headD =
    'M 246 214 C 246 170 280 150 306 150 C 340 150 366 176 364 210 C 362 240 338 258 306 258 C 272 258 246 244 246 214 Z';
  const fit: GarmentFit = {
    cover: [body],
    waist: 'M 214 374 Q 300 398 386 374',
    briefs: {
      region: 'M 200 366 Q 300 392 400 366 L 400 416 Q 336 424 316 476 L 284 476 Q 264 424 200 416 Z',
      edges: ['M 200 418 Q 264 426 284 476', 'M 400 418 Q 336 426 316 476'],
    },
    boxers: {
      region: 'M 200 366 Q 300 392 400 366 L 400 470 L 200 470 Z',
      edges: ['M 236 452 Q 270 466 296 466', 'M 304 466 Q 330 466 364 452'],
    },
    thong: {
      region:
        'M 200 364 Q 300 390 400 364 L 400 386 Q 300 412 200 386 Z M 262 392 L 338 392 Q 316 440 300 476 Q 284 440 262 392 Z',
      edges: ['M 262 394 Q 284 440 300 476 Q 316 440 338 394'],
    },
    bra: {
      cups: 'M 250 338 Q 248 300 276 288 Q 300 302 300 338 Q 274 350 250 338 Z M 300 338 Q 300 302 324 288 Q 352 300 350 338 Q 326 350 300 338 Z',
      band: 'M 226 336 Q 300 356 374 336',
      straps: ['M 276 292 L 262 262', 'M 324 292 L 338 262'],
    },
    bow: { x: 300, y: 384, scale: 0.9 },
  };
  return {
    label: 'Pterodactyl',
    skin,
    portrait: [150, 100, 330],
    head: [160, 100, 320],
    draw(outfit, uid) {
      const dress = dressed(uid, fit, outfit);
      let s = shape(leftWing, wing) + shape(rightWing, wing);
      s += line('M 272 300 C 210 250 120 196 36 196 M 328 300 C 390 250 480 196 564 196', 14, skin);
      s += line('M 272 300 C 210 250 120 196 36 196 M 328 300 C 390 250 480 196 564 196', 4, INK, { opacity: 0.35 });
      s += path('M 44 196 L 30 176 L 56 190 Z M 556 196 L 570 176 L 544 190 Z', {
        fill: CLAW,
        stroke: INK,
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      s += tube(leftLeg, skin, 14) + tube(rightLeg, skin, 14);
      s += line(
        'M 272 528 L 248 544 M 272 528 L 268 548 M 272 528 L 290 544 M 328 528 L 310 544 M 328 528 L 332 548 M 328 528 L 352 544',
        7,
      );
      s += shape(body, skin);
      s += path(
        'M 300 300 C 332 300 346 340 344 380 C 342 420 326 448 300 450 C 274 448 258 420 256 380 C 254 340 268 300 300 300 Z',
        { fill: lighten(skin, 0.5) },
      );
      s += dress.body;
      // crest, head, beak
      s += shape('M 262 190 L 150 150 L 258 226 Z', crest);
      s += shape('M 334 192 C 390 196 440 206 486 222 C 440 236 390 246 340 240 Z', '#ffd37a');
      s += shape(headD, skin);
      s += line('M 346 218 Q 410 226 470 222', 4);
      s += eye(312, 198, 24, outfit?.lashes ?? false);
      s += line('M 290 160 Q 312 152 334 160', 5);
      s += blush(298, 236, 15, 9);
      return { defs: dress.defs, body: s };
    },
  };
})();

export const ART: Record<Species, SpeciesArt> = {
  't-rex': trex,
  raptor,
  stegosaurus,
  triceratops,
  brontosaurus,
  pterodactyl,
};
