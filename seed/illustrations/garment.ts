/** Underwear drawn onto a dinosaur: fabric clipped to the body parts it covers, with a print, a waistband, trims and an optional bow. */
import { INK, LINE, circle, contrastOn, darken, g, lighten, line, luminance, path, shape } from './svg.ts';

export type Style = 'briefs' | 'boxers' | 'thong' | 'bralette';
export type Print = 'solid' | 'dots' | 'stripes' | 'hearts' | 'lace' | 'spots' | 'stars';

export interface Outfit {
  style: Style;
  /** Main fabric colour (#rrggbb): the product's first colour. */
  colour: string;
  /** Second colour, used for the bow. */
  accent: string;
  print: Print;
  bow: boolean;
  /** Flirty eyelashes on the wearer. */
  lashes: boolean;
}

/** Where the garments sit on one species, in that drawing's own coordinates. */
export interface GarmentFit {
  /** Body parts the fabric may cover, as path data, in the order they are painted. */
  cover: string[];
  waist: string;
  briefs: { region: string; edges: string[] };
  boxers: { region: string; edges: string[] };
  thong: { region: string; edges: string[] };
  bra?: { cups: string; band: string; straps: string[] };
  bow: { x: number; y: number; scale?: number; angle?: number };
}

const HEART = 'M0 4 C -7 -4 -14 2 -8 8 L 0 15 L 8 8 C 14 2 7 -4 0 4 Z';

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `M ${pts.join(' L ')} Z`;
}

export function printPattern(id: string, print: Print, colour: string): string {
  const ink = contrastOn(colour);
  const open = (size: number, extra = '') =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}"${extra}>`;
  switch (print) {
    case 'solid':
      return '';
    case 'dots':
      return `${open(30) + circle(8, 8, 5, { fill: ink }) + circle(23, 23, 5, { fill: ink })}</pattern>`;
    case 'stripes':
      return `${open(26, ' patternTransform="rotate(-25)"')}<rect x="0" y="0" width="26" height="9" fill="${ink}" opacity="0.85"/></pattern>`;
    case 'hearts':
      return (
        open(44) +
        g(path(HEART, { fill: ink }), { transform: 'translate(11 8) scale(0.75)' }) +
        g(path(HEART, { fill: ink }), { transform: 'translate(33 30) scale(0.75)' }) +
        '</pattern>'
      );
    case 'lace':
      return (
        open(22) +
        line('M0 0 L22 22 M22 0 L0 22', 2, ink, { opacity: 0.7 }) +
        circle(11, 11, 3.2, { fill: 'none', stroke: ink, 'stroke-width': 1.8 }) +
        '</pattern>'
      );
    case 'spots': {
      const spot = (x: number, y: number, rx: number, ry: number, rot: number) =>
        `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${rot} ${x} ${y})" fill="${lighten(ink, 0.2)}" stroke="${darken(colour, 0.55)}" stroke-width="3"/>`;
      return `${open(64) + spot(14, 16, 9, 6, 20) + spot(44, 30, 8, 6, -30) + spot(22, 50, 7, 5, 60) + spot(56, 58, 5, 4, 0)}</pattern>`;
    }
    case 'stars':
      return `${open(50) + path(star(12, 12, 8), { fill: luminance(colour) > 0.45 ? ink : '#ffe27a' }) + path(star(37, 36, 6), { fill: luminance(colour) > 0.45 ? ink : '#ffe27a' })}</pattern>`;
  }
}

/** A bow centred on (0,0), about 60 wide. */
export function bow(colour: string): string {
  const knot = darken(colour, 0.15);
  return (
    shape('M0 0 C -12 -22 -34 -26 -34 -6 C -34 12 -14 10 0 0 Z', colour, { 'stroke-width': 4 }) +
    shape('M0 0 C 12 -22 34 -26 34 -6 C 34 12 14 10 0 0 Z', colour, { 'stroke-width': 4 }) +
    shape('M-3 2 L -14 26 L -4 22 M 3 2 L 14 26 L 4 22', 'none', { 'stroke-width': 4 }) +
    path('M -14 26 L -4 22 L -3 2 Z M 14 26 L 4 22 L 3 2 Z', { fill: colour }) +
    circle(0, 0, 7, { fill: knot, stroke: INK, 'stroke-width': 4 })
  );
}

/** Returns defs and the SVG of the outfit for one species fit. `uid` keeps ids unique within a document. */
export function garment(uid: string, fit: GarmentFit, o: Outfit): { defs: string; body: string } {
  const maskId = `${uid}-mask`;
  const printId = `${uid}-print`;
  const mask =
    `<mask id="${maskId}" maskUnits="userSpaceOnUse" x="-50" y="-50" width="1000" height="1000">` +
    fit.cover
      .map((d) => path(d, { fill: '#fff', stroke: '#000', 'stroke-width': LINE, 'stroke-linejoin': 'round' }))
      .join('') +
    '</mask>';
  const pattern = printPattern(printId, o.print, o.colour);
  const fabric = (d: string) =>
    path(d, { fill: o.colour }) +
    (pattern ? path(d, { fill: `url(#${printId})` }) : '') +
    path(d, { fill: 'none', stroke: INK, 'stroke-width': LINE, 'stroke-linejoin': 'round' });
  const trim = o.print === 'lace' ? lighten(o.colour, 0.75) : contrastOn(o.colour);
  const band = darken(o.colour, 0.22);
  const lacey = (d: string) =>
    o.print === 'lace'
      ? line(d, 7, trim, { 'stroke-dasharray': '0 13' })
      : line(d, 4, trim, { 'stroke-dasharray': '10 9', opacity: 0.9 });

  const bottoms = o.style === 'bralette' ? fit.briefs : fit[o.style];
  let inside = fabric(bottoms.region);
  inside += bottoms.edges.map(lacey).join('');
  if (o.style !== 'thong') {
    inside += line(fit.waist, 22, INK) + line(fit.waist, 22 - LINE * 2 + 2, band);
    inside += line(fit.waist, 3, lighten(band, 0.5), { 'stroke-dasharray': '2 10', opacity: 0.9 });
  }
  if (o.style === 'bralette' && fit.bra) {
    inside += fabric(fit.bra.cups);
    inside += lacey(fit.bra.cups);
    inside += line(fit.bra.band, 18, INK) + line(fit.bra.band, 18 - LINE * 2 + 2, band);
    inside += fit.bra.straps.map((s) => line(s, 14, INK) + line(s, 14 - LINE * 2 + 2, band)).join('');
  }
  let body = g(inside, { mask: `url(#${maskId})` });
  if (o.bow) {
    const { x, y, scale = 1, angle = 0 } = fit.bow;
    body += g(bow(o.accent), { transform: `translate(${x} ${y}) rotate(${angle}) scale(${scale})` });
  }
  return { defs: mask + pattern, body };
}
