import { useSyncExternalStore } from 'react';
import type { CartItem } from '../../../contracts/cart.ts';

/**
 * The line the shopper removed last, and its Undo. The removal toast offers Undo too, but it sits
 * outside the cart drawer, where a dialog's focus trap keeps the keyboard: the drawer offers the same
 * Undo in its own list.
 */
export interface Removal {
  line: CartItem;
  undo: () => void;
}

let current: Removal | null = null;
const listeners = new Set<() => void>();

export function noteRemoval(removal: Removal | null): void {
  current = removal;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastRemoval(): Removal | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
