import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../../storefront/page-cache-key.ts';

describe('page cache key', () => {
  it('drops every query parameter a page does not read', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/?utm_source=news&utm_medium=email')).toBe('/');
    expect(pageCacheKey('/product/t-rex-trunks?fbclid=abc&gclid=def')).toBe('/product/t-rex-trunks');
    expect(pageCacheKey('/faq?search=rex')).toBe('/faq');
  });

  it('keeps a listing’s own parameters, normalised, and drops the rest', () => {
    expect(pageCacheKey('/shop?utm_campaign=x&sort=price_asc&search=%20rex%20')).toBe(pageCacheKey('/shop?search=rex&sort=price_asc'));
    expect(pageCacheKey('/shop?search=rex')).toBe('/shop?search=rex');
    expect(pageCacheKey('/shop?sort=featured&whatever=1')).toBe('/shop');
    expect(pageCacheKey('/category/briefs?size=XL&size=M&gclid=1')).toBe(pageCacheKey('/category/briefs?size=M&size=XL'));
  });

  it('keeps the variant a product page preselects (a known size, a colour), in a stable order', () => {
    expect(pageCacheKey('/product/t-rex-trunks?utm_source=x&color=Midnight%20Meteor&size=M')).toBe('/product/t-rex-trunks?size=M&color=Midnight+Meteor');
    expect(pageCacheKey('/product/t-rex-trunks?size=HUGE')).toBe('/product/t-rex-trunks');
    expect(pageCacheKey(`/product/t-rex-trunks?color=${'x'.repeat(500)}`)).toBe('/product/t-rex-trunks');
  });

  it('cannot be grown by random values of parameters a page ignores', () => {
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => pageCacheKey(`/shop?utm_source=${i}&x${i}=${i}`)));
    expect(keys).toEqual(new Set(['/shop']));
  });
});
