// The flying species: the pterodactyl.
import type { GarmentFit } from './garment.ts';
import { INK, lighten, line, path, shape, tube } from './svg.ts';
import { CLAW, type SpeciesArt, blush, dressed, eye } from './species-kit.ts';

// ---------------------------------------------------------------------------------------------
// Pterodactyl: standing, wings spread, crest and long beak
// ---------------------------------------------------------------------------------------------

export const pterodactyl: SpeciesArt = (() => {
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
