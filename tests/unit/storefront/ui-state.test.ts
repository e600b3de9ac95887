import { getDefaultStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import {
  cartDrawerOpenAtom,
  cartDrawerWantedAtom,
  closeCartDrawer,
  openCartDrawer,
  toasterWantedAtom,
  wantToaster,
} from '../../../storefront/lib/ui-state.ts';

const store = getDefaultStore();

describe('the storefront UI state', () => {
  it('mounts the cart drawer on its first open and keeps it mounted when it closes', () => {
    expect([store.get(cartDrawerWantedAtom), store.get(cartDrawerOpenAtom)]).toEqual([false, false]);
    openCartDrawer();
    expect([store.get(cartDrawerWantedAtom), store.get(cartDrawerOpenAtom)]).toEqual([true, true]);
    closeCartDrawer();
    expect([store.get(cartDrawerWantedAtom), store.get(cartDrawerOpenAtom)]).toEqual([true, false]);
  });

  it('tells subscribers when the toaster is first wanted, and only then', () => {
    const seen: boolean[] = [];
    const unsubscribe = store.sub(toasterWantedAtom, () => seen.push(store.get(toasterWantedAtom)));
    wantToaster();
    wantToaster();
    unsubscribe();
    expect(seen).toEqual([true]);
  });
});
