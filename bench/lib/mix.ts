import type { OpenLoopRequest } from '../open-loop.ts';
import { searchPath, searchQueries } from './search-queries.ts';

/**
 * A mix of requests for an open-loop load, as JSON (the load runs in its own process): kinds with
 * weights, each either a list of requests taken in turn or distinct search queries.
 */
export interface MixKind {
  kind: string;
  /** Share of the requests (any scale; 0 keeps a documented slot without sending anything). */
  weight: number;
  /** Requests taken in turn. */
  requests?: Array<Omit<OpenLoopRequest, 'kind'>>;
  /** Distinct search queries (bench/lib/search-queries.ts) from this index on, each sent once. */
  searchFrom?: number;
  /** Headers for every request of the kind. */
  headers?: Record<string, string>;
  /**
   * Orders: each request places a cart of its own (`POST /api/orders` with `orderBody`), made ahead of
   * the run by the load process with one line, the next of `cartBodies` (`POST /api/cart` bodies).
   */
  checkout?: { cartBodies: string[]; orderBody: string };
}

export interface MixSpec {
  kinds: MixKind[];
  /** Several instances of the shop: each request goes to the next origin in turn (a balancer's round robin). */
  origins?: string[];
}

/** At most how many requests of `kind` a run of `total` requests sends (the round robin keeps each kind within one of its share). */
export function shareOf(mix: MixSpec, kind: MixKind, total: number): number {
  const weights = mix.kinds.reduce((sum, k) => sum + Math.max(0, k.weight), 0);
  return Math.ceil((total * kind.weight) / weights) + 1;
}

/**
 * The requests of a mix, one after the other: kinds picked by smooth weighted round robin (each kind
 * spread evenly through the run, not in bursts), each kind's requests in turn. Its state carries from one
 * run to the next (a warm-up and the measured run), so no search query is sent twice.
 */
export function mixRequests(mix: MixSpec, carts: ReadonlyMap<string, readonly string[]> = new Map()): { next: () => OpenLoopRequest; searchesSent: () => number } {
  const kinds = mix.kinds.filter((k) => k.weight > 0);
  if (kinds.length === 0) throw new Error('a mix needs at least one kind with weight');
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  const current = kinds.map(() => 0);
  const cursors = kinds.map((k) => k.searchFrom ?? 0);
  let searches = 0;
  let sent = 0;
  const origins = mix.origins ?? [];
  const at = (r: OpenLoopRequest): OpenLoopRequest => (origins.length ? { ...r, path: origins[sent++ % origins.length]! + r.path } : r);
  const queries = kinds.some((k) => k.searchFrom !== undefined) ? searchQueries() : [];
  return {
    searchesSent: () => searches,
    next() {
      let best = 0;
      for (let i = 0; i < kinds.length; i++) {
        current[i]! += kinds[i]!.weight;
        if (current[i]! > current[best]!) best = i;
      }
      current[best]! -= total;
      const k = kinds[best]!;
      const n = cursors[best]!++;
      if (k.searchFrom !== undefined) {
        const q = queries[n];
        if (q === undefined) throw new Error(`the search list ran out at ${n} queries: a run this long would send a query twice`);
        searches++;
        return at({ kind: k.kind, path: searchPath(q), missOnly: true, ...(k.headers ? { headers: k.headers } : {}) });
      }
      if (k.checkout) {
        const cookie = carts.get(k.kind)?.[n];
        if (cookie === undefined) throw new Error(`the carts made ahead for ${k.kind} ran out at ${n}: an order would find its cart empty`);
        return at({ kind: k.kind, method: 'POST', path: '/api/orders', headers: { 'content-type': 'application/json', cookie }, body: k.checkout.orderBody });
      }
      const r = k.requests![n % k.requests!.length]!;
      return at({ ...r, kind: k.kind, headers: { ...(k.headers ?? {}), ...(r.headers ?? {}) } });
    },
  };
}
