import { LRUCache } from 'lru-cache';

/**
 * Catalogue answers serialised once per catalogue version: the catalogue changes only when seeded,
 * so serialising the same products on every request is wasted work. Keyed by the request's
 * normalised inputs; bounded, so arbitrary search strings cannot grow it without limit.
 */
export function createJsonMemo(currentVersion: () => number, max = 2_000) {
  const cache = new LRUCache<string, string>({ max });
  let version = currentVersion();
  return function memo(key: string, produce: () => unknown): string {
    const now = currentVersion();
    if (now !== version) {
      cache.clear();
      version = now;
    }
    let json = cache.get(key);
    if (json === undefined) {
      json = JSON.stringify(produce());
      cache.set(key, json);
    }
    return json;
  };
}
