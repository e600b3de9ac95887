import { flagStore } from '../../lib/flag-store.ts';

/** Whether the cart drawer is open (UI state only; the cart itself lives in TanStack Query). */
export const cartDrawerOpen = flagStore(false);

/** Set on the first open: the layout then mounts the drawer, whose code loads on that first use. */
export const cartDrawerWanted = flagStore(false);

export function openCartDrawer(): void {
  cartDrawerWanted.set(true);
  cartDrawerOpen.set(true);
}

export function closeCartDrawer(): void {
  cartDrawerOpen.set(false);
}

/** Starts loading the drawer's code when the shopper heads for the cart button. */
export function preloadCartDrawer(): void {
  void import('./cart-drawer.tsx');
}
