import { atom, getDefaultStore } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
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

const lastRemovalAtom = atom<Removal | null>(null);

export function noteRemoval(removal: Removal | null): void {
  getDefaultStore().set(lastRemovalAtom, removal);
}

export function useLastRemoval(): Removal | null {
  return useAtomValue(lastRemovalAtom);
}
