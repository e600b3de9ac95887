/** Tiny, dependency-free helpers for writing SVG strings. */

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Outline colour and width used by every drawing (a friendly dark plum rather than black). */
export const INK = '#3d2c4d';
export const LINE = 6;

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface DocOptions {
  width: number;
  height: number;
  title: string;
  body: string;
  defs?: string;
}

/** A complete standalone SVG document: viewBox only (no width/height) so it scales, with role="img" and a <title>. */
export function svgDoc({ width, height, title, body, defs = '' }: DocOptions): string {
  return (
    `<svg xmlns="${SVG_NS}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">` +
    `<title id="title">${esc(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    `</svg>\n`
  );
}

type Attrs = Record<string, string | number | undefined>;

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? round(v) : esc(v as string)}"`)
    .join('');
}

export function round(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function path(d: string, a: Attrs = {}): string {
  return `<path d="${d}"${attrs(a)}/>`;
}

export function circle(cx: number, cy: number, r: number, a: Attrs = {}): string {
  return `<circle${attrs({ cx, cy, r, ...a })}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string {
  return `<ellipse${attrs({ cx, cy, rx, ry, ...a })}/>`;
}

export function g(content: string, a: Attrs = {}): string {
  return `<g${attrs(a)}>${content}</g>`;
}

/** A filled shape with the standard outline. */
export function shape(d: string, fill: string, a: Attrs = {}): string {
  return path(d, {
    fill,
    stroke: INK,
    'stroke-width': LINE,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
    ...a,
  });
}

/** A limb drawn as a thick outlined tube along a path (two strokes). */
export function tube(d: string, fill: string, width: number): string {
  return (
    path(d, {
      fill: 'none',
      stroke: INK,
      'stroke-width': width + LINE * 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    path(d, {
      fill: 'none',
      stroke: fill,
      'stroke-width': width,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    })
  );
}

/** A plain stroke in ink. */
export function line(d: string, width = LINE, colour = INK, a: Attrs = {}): string {
  return path(d, {
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...a,
  });
}

// ---------------------------------------------------------------------------------------------
// Colour maths
// ---------------------------------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const darken = (hex: string, t: number): string => mix(hex, '#000000', t);
export const lighten = (hex: string, t: number): string => mix(hex, '#ffffff', t);

/** Relative luminance 0..1. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A colour that reads well on top of `hex` (for prints and trims). */
export function contrastOn(hex: string): string {
  return luminance(hex) > 0.45 ? darken(hex, 0.35) : lighten(hex, 0.6);
}

/** Small deterministic pseudo-random sequence (mulberry32) so drawings vary by seed but never between runs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
