import { atom, getDefaultStore } from 'jotai/vanilla';

/**
 * The storefront's shared client state: jotai atoms in jotai's default store, set from event handlers
 * (inside or outside React) and read with `useAtomValue`. The cart itself is server state and lives in
 * TanStack Query; these are the UI's own facts.
 *
 * Never first-load JS (jotai's store is more than the first-load budget has to spare): the
 * layout's overlays (components/layout/overlays.tsx) load this module once the page has hydrated, and
 * first-load code reaches it through `import()`, which by a shopper's first click has long resolved.
 */

/** Whether the cart drawer is open. */
export const cartDrawerOpenAtom = atom(false);

/** Set on the drawer's first open: the overlays then mount it, and its code loads on that first use. */
export const cartDrawerWantedAtom = atom(false);

/** Set by the first toast: the overlays then mount the real toaster (sonner), loaded on that first use. */
export const toasterWantedAtom = atom(false);

/** Writes waiting to be resent while the shop cannot be reached: the overlays then say so. */
export const writesWaitingAtom = atom(0);

const store = getDefaultStore();

export function writesWaiting(delta: 1 | -1): void {
  store.set(writesWaitingAtom, (n) => Math.max(0, n + delta));
}

export function openCartDrawer(): void {
  store.set(cartDrawerWantedAtom, true);
  store.set(cartDrawerOpenAtom, true);
}

export const isCartDrawerOpen = (): boolean => store.get(cartDrawerOpenAtom);

export function closeCartDrawer(): void {
  store.set(cartDrawerOpenAtom, false);
}

export function wantToaster(): void {
  store.set(toasterWantedAtom, true);
}
