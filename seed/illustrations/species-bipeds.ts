// The two-legged species: the T-Rex and the raptor.
import type { GarmentFit } from './garment.ts';
import { INK, darken, ellipse, lighten, line, path, shape, tube } from './svg.ts';
import { CLAW, type SpeciesArt, blush, dressed, eye, shift } from './species-kit.ts';

// ---------------------------------------------------------------------------------------------
// T-Rex: chubby, upright, huge head, tiny arms
// ---------------------------------------------------------------------------------------------

export const trex: SpeciesArt = (() => {
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

export const raptor: SpeciesArt = (() => {
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
