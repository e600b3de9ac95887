import { atom } from 'jotai';

/** Whether the cart drawer is open (UI state only; the cart itself lives in TanStack Query). */
export const cartDrawerOpenAtom = atom(false);
