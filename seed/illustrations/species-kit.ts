// What every species' drawing is made of: the species, the art's shape, eyes, blush, legs and the garment's fit.
import { garment, type GarmentFit, type Outfit } from './garment.ts';
import { INK, LINE, circle, ellipse, line, path, shape } from './svg.ts';

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

export const BLUSH = '#ff8fa3';
export const CLAW = '#fff4dc';

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

export function dressed(uid: string, fit: GarmentFit, outfit: Outfit | null): Drawing {
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

export interface Haunch {
  x: number;
  y: number;
  r: number;
  /** Leg half-widths behind (w1) and in front of (w2) the haunch centre. */
  w1: number;
  w2: number;
}

/** A haunch (big round thigh) with a stumpy leg below it, standing on `ground`. */
export function haunchLegPath(h: Haunch, ground: number): string {
  const { x, y, r, w1, w2 } = h;
  return (
    `M ${x - r} ${y} C ${x - r} ${y - r * 1.1} ${x + r} ${y - r * 1.1} ${x + r} ${y} ` +
    `C ${x + r} ${y + r * 0.5} ${x + w2} ${y + r * 0.6} ${x + w2} ${y + r * 0.95} ` +
    `L ${x + w2} ${ground - 12} Q ${x + w2} ${ground} ${x + w2 - 12} ${ground} L ${x - w1 + 12} ${ground} Q ${x - w1} ${ground} ${x - w1} ${ground - 12} ` +
    `L ${x - w1} ${y + r * 0.95} C ${x - w1} ${y + r * 0.6} ${x - r} ${y + r * 0.5} ${x - r} ${y} Z`
  );
}

export function haunchLeg(h: Haunch, ground: number, fill: string): string {
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
export function quadFit(
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
