/** The product-card mascot: which one, its messages and its timing. Pure: no timers, no DOM. */

export type MascotType = 'trex' | 'stego' | 'raptor';

export const MASCOT_SHOW_DELAY_MS = 300;
export const MASCOT_HIDE_DELAY_MS = 500;
export const MASCOT_ROTATE_MS = 5000;

export const MASCOT_MESSAGES = [
  'Rawr! Looking good!',
  'These would look jurassic on you!',
  'Dino-mite choice!',
  'Shake that tail!',
  'Extinct? Not with those curves!',
  'Roar-some taste, friend!',
  'Your booty deserves this!',
  'Prehistoric and proud!',
  "Clever girl... that's a great pick!",
  'Tiny arms, big confidence!',
] as const;

export const MASCOT_NAMES: Record<MascotType, string> = {
  trex: 'T-Rex',
  stego: 'Stegosaurus',
  raptor: 'Raptor',
};

/**
 * Which mascot pops up on a product card, by the product's name: t-rex gives trex, stego gives
 * stego, raptor gives raptor, tri-horned or triceratops gives stego, otherwise trex.
 */
export function mascotForProductName(name: string): MascotType {
  const n = name.toLowerCase();
  if (n.includes('t-rex')) return 'trex';
  if (n.includes('stego')) return 'stego';
  if (n.includes('raptor')) return 'raptor';
  if (n.includes('tri-horned') || n.includes('triceratops')) return 'stego';
  return 'trex';
}

export function mascotImageUrl(type: MascotType): string {
  return `/images/mascots/${type}.svg`;
}

/** A random message index; never the current one, so a rotation always shows something new. */
export function nextMessageIndex(current: number | null, random: () => number = Math.random): number {
  const count = MASCOT_MESSAGES.length;
  if (current === null) return Math.min(count - 1, Math.floor(random() * count));
  const step = 1 + Math.min(count - 2, Math.floor(random() * (count - 1)));
  return (current + step) % count;
}
