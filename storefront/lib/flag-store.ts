import { useSyncExternalStore } from 'react';

/** A boolean that components outside React's tree can set (e.g. "open the cart drawer"). */
export interface FlagStore {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function flagStore(initial = false): FlagStore {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
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

/** The flag's value in a component (false on the server). */
export function useFlag(store: FlagStore): boolean {
  return useSyncExternalStore(store.subscribe, store.get, () => false);
}
