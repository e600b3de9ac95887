import { LRUCache } from 'lru-cache';

/**
 * Rendered catalogue pages by cache key (see storefront/page-cache-key.ts). Those pages hold no
 * per-shopper content (the cart fills in on the client), so one rendering serves everyone until the
 * catalogue changes; then `clear()` drops all. Bounded by the bytes its entries really hold
 * (`bytesOf`), so no stream of distinct URLs can grow it past `maxBytes`.
 */
export function createPageCache<Page extends object>(maxBytes: number, bytesOf: (page: Page) => number) {
  const cache = new LRUCache<string, Page>({
    maxSize: maxBytes,
    // Keys are URLs: count them too, and a floor for the entry's own bookkeeping.
    sizeCalculation: (page, key) => Math.max(1, bytesOf(page)) + key.length + 256,
  });
  // Counted for the metrics: how often a page came from memory, and what the cache holds.
  let hits = 0;
  let misses = 0;
  return {
    get: (key: string) => {
      const page = cache.get(key);
      if (page) hits++;
      else misses++;
      return page;
    },
    set: (key: string, page: Page) => void cache.set(key, page),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
    stats: (): PageCacheStats => ({ hits, misses, entries: cache.size, bytes: cache.calculatedSize }),
  };
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}
