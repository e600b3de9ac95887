import { describe, expect, it, vi } from 'vitest';
import { CatalogueCache, hashKey, type CatalogueRead } from '../../../storefront/features/catalogue/catalogue-cache.tsx';
import { catalogueKeys } from '../../../storefront/features/catalogue/catalogue.queries.ts';

/** The catalogue's browser cache keeps the loading rules: fetched once, never stale, no automatic refetch or retry. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function read<T>(queryKey: readonly unknown[], answers: Array<() => Promise<T>>): CatalogueRead<T> & { calls: () => number } {
  const queryFn = vi.fn(() => answers[Math.min(queryFn.mock.calls.length - 1, answers.length - 1)]!());
  return { queryKey, queryFn, calls: () => queryFn.mock.calls.length };
}

describe('catalogue cache', () => {
  it('hashes keys with object keys in any order alike, and different keys apart', () => {
    expect(hashKey(['products', 'list', { search: 'lace', sort: null }])).toBe(hashKey(['products', 'list', { sort: null, search: 'lace' }]));
    expect(hashKey(catalogueKeys.products({ search: '', sort: undefined }))).not.toBe(hashKey(catalogueKeys.products({ search: '', sort: 'price_asc' })));
    expect(hashKey(catalogueKeys.variants(1))).not.toBe(hashKey(['variants', '1']));
  });

  it('serves server data without fetching', () => {
    const cache = new CatalogueCache();
    cache.seed([[catalogueKeys.categories, ['t-rex']]]);
    const categories = read(catalogueKeys.categories, [async () => ['other']]);
    cache.ensure(categories);
    expect(categories.calls()).toBe(0);
    expect(cache.get(hashKey(catalogueKeys.categories))).toEqual({ status: 'success', data: ['t-rex'] });
  });

  it('keeps the first value a key was seeded with', () => {
    const cache = new CatalogueCache();
    cache.seed([[catalogueKeys.bestsellers, ['first']]]);
    cache.seed([[catalogueKeys.bestsellers, ['second']]]);
    expect(cache.get(hashKey(catalogueKeys.bestsellers)).data).toEqual(['first']);
  });

  it('fetches a missing read once, tells subscribers, and never refetches it', async () => {
    const cache = new CatalogueCache();
    const key = catalogueKeys.products({ search: 'lace', sort: undefined });
    const products = read(key, [async () => ['lace thong']]);
    const listener = vi.fn();
    cache.subscribe(hashKey(key), listener);
    expect(cache.get(hashKey(key)).status).toBe('pending');
    cache.ensure(products);
    cache.ensure(products); // on its way: not asked twice
    await settle();
    expect(products.calls()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cache.get(hashKey(key))).toEqual({ status: 'success', data: ['lace thong'] });
    cache.ensure(products);
    expect(products.calls()).toBe(1);
  });

  it('does not retry a failure on its own, and tries again when asked again', async () => {
    const cache = new CatalogueCache();
    const key = catalogueKeys.variants(7);
    const variants = read(key, [async () => Promise.reject(new Error('500: boom')), async () => ['XS']]);
    cache.ensure(variants);
    await settle();
    expect(cache.get(hashKey(key)).status).toBe('error');
    expect(variants.calls()).toBe(1);
    cache.ensure(variants);
    // While the new try is on its way the failure still shows.
    expect(cache.get(hashKey(key)).status).toBe('error');
    await settle();
    expect(variants.calls()).toBe(2);
    expect(cache.get(hashKey(key))).toEqual({ status: 'success', data: ['XS'] });
  });

  it('stops telling a subscriber that unsubscribed', async () => {
    const cache = new CatalogueCache();
    const key = catalogueKeys.testimonials;
    const listener = vi.fn();
    const unsubscribe = cache.subscribe(hashKey(key), listener);
    unsubscribe();
    cache.ensure(read(key, [async () => []]));
    await settle();
    expect(listener).not.toHaveBeenCalled();
  });
});
