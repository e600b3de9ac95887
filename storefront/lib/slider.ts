/** Hero slider index arithmetic (cycles through the slides, wrapping at both ends). */

export const HERO_AUTO_ADVANCE_MS = 5000;

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export const nextIndex = (index: number, count: number) => wrapIndex(index + 1, count);
export const previousIndex = (index: number, count: number) => wrapIndex(index - 1, count);
