import { LRUCache } from 'lru-cache';

export interface CachedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Rendered catalogue pages by URL. Those pages hold no per-shopper content (the cart fills in on the
 * client), so one rendering serves everyone until the catalogue changes; then `clear()` drops all.
 * Bounded by bytes, so random query strings cannot grow it without limit.
 */
export function createPageCache(maxBytes = 32 * 1024 * 1024) {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length),
  });
  return {
    get: (url: string) => cache.get(url),
    set: (url: string, page: CachedPage) => void cache.set(url, page),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
