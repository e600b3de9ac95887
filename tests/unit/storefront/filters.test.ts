import { describe, expect, it } from 'vitest';
import {
  activeChips,
  apiSort,
  applyFilters,
  facetCounts,
  clearAll,
  collectionsOf,
  removeChip,
  SEARCH_DEBOUNCE_MS,
  SORT_OPTIONS,
  toggle,
} from '../../../storefront/lib/filters.ts';
import {
  DEFAULT_FILTERS,
  DEFAULT_LISTING,
  listingQueryString,
  parseListingQuery,
} from '../../../contracts/listing-query.ts';
import type { Product } from '../../../contracts/catalogue.ts';
import { all, state } from '../../support/listing-fixtures.ts';

describe('sort options', () => {
  it('offers the four spec options and maps them to the API', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Newest',
    ]);
    expect(apiSort('featured')).toBeUndefined();
    expect(apiSort('price_desc')).toBe('price_desc');
  });
});

/** The fixtures' products with variants of these sizes and stocks, by product id. */
const withSizes = (sizes: Record<number, [Product['variants'][number]['size'], number][]>): Product[] =>
  all.map((p) => ({
    ...p,
    variants: (sizes[p.id] ?? []).map(([size, stock], i) => ({
      id: p.id * 100 + i,
      productId: p.id,
      size,
      color: 'Green',
      colorHex: '#0a0',
      stock,
    })),
  }));

describe('filters', () => {
  it('keeps everything with the defaults (0 to 50)', () => {
    expect(applyFilters(all, DEFAULT_FILTERS)).toEqual(all);
  });
  it('filters by price, inclusive at both ends', () => {
    expect(applyFilters(all, { ...DEFAULT_FILTERS, priceMin: 10, priceMax: 34 }).map((p) => p.id)).toEqual([1]);
    expect(applyFilters(all, { ...DEFAULT_FILTERS, priceMin: 50, priceMax: 50 }).map((p) => p.id)).toEqual([3]);
    expect(applyFilters(all, { ...DEFAULT_FILTERS, priceMin: 0, priceMax: 9 }).map((p) => p.id)).toEqual([]);
  });
  it('keeps products of the selected collections, and products without a collection', () => {
    const filters = { ...DEFAULT_FILTERS, collections: ['Jurassic Lace', 'Mesozoic Mischief'] };
    expect(applyFilters(all, filters).map((p) => p.id)).toEqual([1, 3, 4]);
  });
  it('keeps only products with a selected size in stock', () => {
    const sized = withSizes({
      1: [
        ['XS', 3],
        ['M', 0],
      ],
      2: [['M', 2]],
      3: [['XS', 0]],
      4: [['M', 1]],
    });
    expect(applyFilters(sized, { ...DEFAULT_FILTERS, sizes: ['M'] }).map((p) => p.id)).toEqual([2, 4]);
    expect(applyFilters(sized, { ...DEFAULT_FILTERS, sizes: ['XS', 'M'] }).map((p) => p.id)).toEqual([1, 2, 4]);
    expect(applyFilters(sized, { ...DEFAULT_FILTERS, sizes: ['S'] })).toEqual([]);
    expect(applyFilters(sized, DEFAULT_FILTERS)).toEqual(sized);
  });
  it('counts what each option would leave, the other filters applied', () => {
    const sized = withSizes({ 1: [['XS', 1]], 2: [['M', 1]], 3: [['XS', 1]], 4: [['XS', 1]] });
    const counts = facetCounts(sized, { ...DEFAULT_FILTERS, priceMax: 30 }, [
      'Cretaceous Comfort',
      'Jurassic Lace',
      'Mesozoic Mischief',
    ]);
    // Under $30: the thong and the briefs.
    expect(counts.collections).toEqual({ 'Cretaceous Comfort': 1, 'Jurassic Lace': 0, 'Mesozoic Mischief': 1 });
    expect(counts.sizes).toEqual({ XS: 1, S: 0, M: 1, L: 0, XL: 0 });
  });
  it('lists distinct collections alphabetically', () => {
    expect(collectionsOf(all)).toEqual(['Cretaceous Comfort', 'Jurassic Lace', 'Mesozoic Mischief']);
  });
});

describe('URL round trip', () => {
  it('has an empty query for the defaults', () => {
    expect(listingQueryString(DEFAULT_LISTING)).toBe('');
    expect(parseListingQuery(new URLSearchParams(''))).toEqual(DEFAULT_LISTING);
  });
  it('restores search, sort and every filter', () => {
    const s = state({
      search: 'lace thong',
      sort: 'price_desc',
      filters: { priceMin: 5, priceMax: 40, collections: ['Jurassic Lace', 'Mesozoic Mischief'], sizes: ['S', 'XL'] },
    });
    const qs = listingQueryString(s);
    expect(qs).toBe(
      '?search=lace+thong&sort=price_desc&minPrice=5&maxPrice=40&collection=Jurassic+Lace&collection=Mesozoic+Mischief&size=S&size=XL',
    );
    expect(parseListingQuery(new URLSearchParams(qs))).toEqual(s);
  });
  it('cuts a long search to 100 characters, never inside one', () => {
    const dinos = '\u{1F996}'.repeat(120);
    expect(parseListingQuery(new URLSearchParams({ search: dinos })).search).toBe('\u{1F996}'.repeat(100));
    expect(parseListingQuery(new URLSearchParams({ search: `  ${'a'.repeat(150)}  ` })).search).toBe('a'.repeat(100));
  });
  it('ignores malformed values', () => {
    const parsed = parseListingQuery(
      new URLSearchParams('sort=cheapest&minPrice=abc&maxPrice=900&size=XXL&size=M&collection='),
    );
    expect(parsed).toEqual(state({ filters: { priceMax: 50, sizes: ['M'] } }));
    // No price is below zero: such a bound is ignored, not taken as 0 (which would hide every product).
    expect(parseListingQuery(new URLSearchParams('minPrice=-3&maxPrice=-4')).filters).toMatchObject({
      priceMin: 0,
      priceMax: 50,
    });
  });
  it('orders a swapped price range', () => {
    expect(parseListingQuery(new URLSearchParams('minPrice=40&maxPrice=10')).filters).toMatchObject({
      priceMin: 10,
      priceMax: 40,
    });
  });
});

describe('chips', () => {
  const s = state({ search: 'lace', filters: { priceMin: 10, collections: ['Jurassic Lace'], sizes: ['M'] } });
  it('shows one chip per active search or filter', () => {
    expect(activeChips(s).map((c) => c.label)).toEqual([
      'Search: "lace"',
      '$10.00 - $50.00',
      'Jurassic Lace',
      'Size M (Dilo)',
    ]);
    expect(activeChips(DEFAULT_LISTING)).toEqual([]);
  });
  it('removes exactly the chip clicked', () => {
    expect(removeChip(s, 'search').search).toBe('');
    expect(removeChip(s, 'price').filters).toMatchObject({ priceMin: 0, priceMax: 50, collections: ['Jurassic Lace'] });
    expect(removeChip(s, 'collection:Jurassic Lace').filters.collections).toEqual([]);
    expect(removeChip(s, 'size:M').filters.sizes).toEqual([]);
  });
  it('Clear all resets search and filters but keeps the sort', () => {
    expect(clearAll({ ...s, sort: 'newest' })).toEqual(state({ sort: 'newest' }));
  });
  it('toggles list members', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('debounces search by 300 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
