/** Small decorations the pictures share (sparkles, hearts, confetti) and a drawing nested in another. */
import { g, path, rng } from './svg.ts';

export function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.28;
  return path(
    `M ${x} ${y - r} Q ${x + k} ${y - k} ${x + r} ${y} Q ${x + k} ${y + k} ${x} ${y + r} Q ${x - k} ${y + k} ${x - r} ${y} Q ${x - k} ${y - k} ${x} ${y - r} Z`,
    { fill },
  );
}

export function heart(x: number, y: number, s: number, fill: string): string {
  return g(path('M0 4 C -7 -4 -14 2 -8 8 L 0 15 L 8 8 C 14 2 7 -4 0 4 Z', { fill }), {
    transform: `translate(${x} ${y}) scale(${s})`,
  });
}

/** Scatter sparkles and hearts in the margins of a w×h picture, avoiding the centre box. */
export function confetti(
  seed: number,
  w: number,
  h: number,
  colours: string[],
  count: number,
  avoid: [number, number, number, number],
): string {
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

export function nested(
  inner: string,
  viewBox: [number, number, number, number],
  x: number,
  y: number,
  w: number,
  h: number,
): string {
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${viewBox.join(' ')}" overflow="hidden">${inner}</svg>`;
}
