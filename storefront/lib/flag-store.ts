import { useSyncExternalStore } from 'react';

/**
 * A boolean that code outside React's tree can set (e.g. "open the cart drawer"), and components
 * read with useFlag. Not jotai: with the storefront's forms, search and badge in the layout, jotai's
 * store (2.5 KB gzip, measured in the layout entry) put every page over the 100 KB first-load budget
 * for one boolean's worth of shared state (see docs/decisions/0005).
 */
export interface FlagStore {
  get(): boolean;
  /** The value before anything set it: what the server rendered. */
  initial(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function flagStore(initial = false): FlagStore {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    initial: () => initial,
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The flag's value in a component (its initial value on the server, where nothing sets it). */
export function useFlag(store: FlagStore): boolean {
  return useSyncExternalStore(store.subscribe, store.get, store.initial);
}
