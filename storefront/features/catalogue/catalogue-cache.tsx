import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The catalogue's reads in the browser: a small query cache with the shop's loading rules (what
 * TanStack Query gave with the shop's defaults): a read is fetched once, when a component first needs
 * it and no one has it; it never goes stale, is never refetched on its own and is not retried; a
 * failed read is tried again when a component next asks for it. Catalogue pages' server data fills it
 * under the same keys (see catalogue.prefill.ts), so a page renders and hydrates without a request.
 * It is first-load JS on every catalogue page, and a few hundred bytes instead of TanStack Query's
 * ~11 KB gzip; the cart, with its mutations, still uses TanStack Query, loaded lazily.
 */
export interface CatalogueRead<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
}

/** Server data for the cache: each read's key and answer. */
export type CatalogueState = ReadonlyArray<readonly [queryKey: readonly unknown[], data: unknown]>;

interface Snapshot {
  status: 'pending' | 'success' | 'error';
  data: unknown;
}

const PENDING: Snapshot = { status: 'pending', data: undefined };

/** A key's identity: JSON with object keys sorted (as TanStack Query hashes keys). */
export function hashKey(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export class CatalogueCache {
  readonly #snapshots = new Map<string, Snapshot>();
  readonly #inFlight = new Set<string>();
  readonly #listeners = new Map<string, Set<() => void>>();

  /** Puts server answers in; a key the cache already has keeps its value. */
  seed(state: CatalogueState): void {
    for (const [queryKey, data] of state) {
      const hash = hashKey(queryKey);
      if (!this.#snapshots.has(hash)) this.#snapshots.set(hash, { status: 'success', data });
    }
  }

  get(hash: string): Snapshot {
    return this.#snapshots.get(hash) ?? PENDING;
  }

  subscribe(hash: string, listener: () => void): () => void {
    let set = this.#listeners.get(hash);
    if (!set) this.#listeners.set(hash, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Fetches the read unless it has data or is on its way. */
  ensure<T>(read: CatalogueRead<T>): void {
    const hash = hashKey(read.queryKey);
    if (this.get(hash).status === 'success' || this.#inFlight.has(hash)) return;
    this.#inFlight.add(hash);
    read.queryFn().then(
      (data) => this.#set(hash, { status: 'success', data }),
      () => this.#set(hash, { status: 'error', data: undefined }),
    );
  }

  #set(hash: string, snapshot: Snapshot): void {
    this.#inFlight.delete(hash);
    this.#snapshots.set(hash, snapshot);
    for (const listener of [...(this.#listeners.get(hash) ?? [])]) listener();
  }
}

let browserCache: CatalogueCache | undefined;
const CacheContext = createContext<CatalogueCache | null>(null);

/**
 * Puts a page's server data in the cache for the tree below (like TanStack's HydrationBoundary). In
 * the browser there is one cache per page load; on the server one per render.
 */
export function CatalogueData({ state, children }: { state: CatalogueState; children: ReactNode }) {
  const parent = useContext(CacheContext);
  const [cache] = useState(() => parent ?? (typeof window === 'undefined' ? new CatalogueCache() : (browserCache ??= new CatalogueCache())));
  cache.seed(state);
  return <CacheContext.Provider value={cache}>{children}</CacheContext.Provider>;
}

/** isPending: no answer yet (and no failure); isError: the last try failed and there is no answer. */
export type CatalogueResult<T> =
  | { data: T; isPending: false; isError: false }
  | { data: undefined; isPending: true; isError: false }
  | { data: undefined; isPending: false; isError: true };

/** Reads from the catalogue cache, fetching after mount when it has nothing (and `enabled`). */
export function useCatalogueQuery<T>(read: CatalogueRead<T> & { enabled?: boolean }): CatalogueResult<T> {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('useCatalogueQuery needs a <CatalogueData> above it');
  const hash = hashKey(read.queryKey);
  const enabled = read.enabled ?? true;
  const snapshot = useSyncExternalStore(
    (listener) => cache.subscribe(hash, listener),
    () => cache.get(hash),
    () => cache.get(hash),
  );
  useEffect(() => {
    if (enabled) cache.ensure(read);
    // The read is identified by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, hash, enabled]);
  if (snapshot.status === 'success') return { data: snapshot.data as T, isPending: false, isError: false };
  if (snapshot.status === 'error') return { data: undefined, isPending: false, isError: true };
  return { data: undefined, isPending: true, isError: false };
}

/** Reads what the cache holds for a key, without subscribing or fetching (e.g. every card's variants). */
export function useCataloguePeek(): <T>(queryKey: readonly unknown[]) => T | undefined {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('useCataloguePeek needs a <CatalogueData> above it');
  return <T,>(queryKey: readonly unknown[]) => {
    const snapshot = cache.get(hashKey(queryKey));
    return snapshot.status === 'success' ? (snapshot.data as T) : undefined;
  };
}
