import { INK, circle, darken, ellipse, g, lighten, line, path, shape } from './svg.ts';
import { CLAW, type Haunch, type SpeciesArt, blush, dressed, eye, haunchLeg, quadFit } from './species-kit.ts';

function plate(bx: number, by: number, h: number, angle: number, fill: string): string {
  const w = h * 0.55;
  const d = `M 0 ${h * 0.25} Q ${-w} ${-h * 0.25} 0 ${-h} Q ${w} ${-h * 0.25} 0 ${h * 0.25} Z`;
  return g(shape(d, fill) + line(`M 0 ${h * 0.1} L 0 ${-h * 0.6}`, 3, darken(fill, 0.2)), {
    transform: `translate(${bx} ${by}) rotate(${angle})`,
  });
}

export const stegosaurus: SpeciesArt = (() => {
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

export const triceratops: SpeciesArt = (() => {
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

export const brontosaurus: SpeciesArt = (() => {
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
