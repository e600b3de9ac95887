import type { OpenLoopRequest } from '../open-loop.ts';
import { searchPath, searchQueries } from './search-queries.ts';

/** The cookies an answer sets, as a request's `cookie` header. */
export const cookieOf = (headers: { 'set-cookie'?: string[] | undefined }) =>
  (headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!).join('; ');

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
  /**
   * Carts filled line by line (`POST /api/cart`, each of `bodies` in turn): `carts` carts at a time, each
   * request adding the next line to the next cart, so a cart's lines come `carts` requests apart and its
   * cookie (kept from its first answer) is back before its next line is due. After its last line a cart
   * starts afresh, with no cookie; so does one whose first answer is not back when its next line is due.
   */
  cartLines?: { bodies: string[]; carts: number };
}

export interface MixSpec {
  kinds: MixKind[];
  /**
   * Several instances of the shop, each kind's requests sent to them in turn, so every kind is spread
   * evenly whatever the mix's period: to the next of `origins` (the load generator as the balancer), or
   * through one balancer that routes on `instances.header` (its value the instance, from 0).
   */
  origins?: string[];
  instances?: { count: number; header: string };
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
export function mixRequests(
  mix: MixSpec,
  carts: ReadonlyMap<string, readonly string[]> = new Map(),
): { next: () => OpenLoopRequest; searchesSent: () => number; cartsRestarted: () => number } {
  const kinds = mix.kinds.filter((k) => k.weight > 0);
  if (kinds.length === 0) throw new Error('a mix needs at least one kind with weight');
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  const current = kinds.map(() => 0);
  const cursors = kinds.map((k) => k.searchFrom ?? 0);
  let searches = 0;
  const origins = mix.origins ?? [];
  const spread = kinds.map(() => 0);
  // The kind's next instance: each kind goes round the instances on its own.
  const routed = (best: number, r: OpenLoopRequest): OpenLoopRequest => {
    const slot = spread[best]!++;
    if (origins.length) return { ...r, path: origins[slot % origins.length]! + r.path };
    if (mix.instances)
      return { ...r, headers: { ...(r.headers ?? {}), [mix.instances.header]: String(slot % mix.instances.count) } };
    return r;
  };
  const queries = kinds.some((k) => k.searchFrom !== undefined) ? searchQueries() : [];
  // Each cart slot's next line and the cookie its cart was given (undefined until its first answer).
  const slots = new Map<MixKind, Array<{ line: number; cookie?: string }>>();
  let restarted = 0;
  const cartLine = (k: MixKind, { bodies, carts }: { bodies: string[]; carts: number }, n: number): OpenLoopRequest => {
    const of =
      slots.get(k) ??
      slots
        .set(
          k,
          Array.from({ length: carts }, () => ({ line: 0 })),
        )
        .get(k)!;
    const slot = of[n % carts]!;
    // A line due before its cart's first answer came back starts a new cart instead (counted: the run then
    // added fewer lines per cart than asked).
    if (slot.line > 0 && slot.cookie === undefined) {
      restarted++;
      slot.line = 0;
    }
    const line = slot.line;
    slot.line = (line + 1) % bodies.length;
    const request = { kind: k.kind, method: 'POST' as const, path: '/api/cart', body: bodies[line]! };
    const json = { ...(k.headers ?? {}), 'content-type': 'application/json' };
    if (line > 0) return { ...request, headers: { ...json, cookie: slot.cookie! } };
    slot.cookie = undefined;
    return { ...request, headers: json, answered: (headers) => void (slot.cookie = cookieOf(headers)) };
  };
  return {
    searchesSent: () => searches,
    cartsRestarted: () => restarted,
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
        if (q === undefined)
          throw new Error(`the search list ran out at ${n} queries: a run this long would send a query twice`);
        searches++;
        return routed(best, {
          kind: k.kind,
          path: searchPath(q),
          missOnly: true,
          ...(k.headers ? { headers: k.headers } : {}),
        });
      }
      if (k.cartLines) return routed(best, cartLine(k, k.cartLines, n));
      if (k.checkout) {
        const cookie = carts.get(k.kind)?.[n];
        if (cookie === undefined)
          throw new Error(`the carts made ahead for ${k.kind} ran out at ${n}: an order would find its cart empty`);
        return routed(best, {
          kind: k.kind,
          method: 'POST',
          path: '/api/orders',
          headers: { 'content-type': 'application/json', cookie },
          body: k.checkout.orderBody,
        });
      }
      const r = k.requests![n % k.requests!.length]!;
      return routed(best, { ...r, kind: k.kind, headers: { ...(k.headers ?? {}), ...(r.headers ?? {}) } });
    },
  };
}
