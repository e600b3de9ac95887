import { describe, expect, it } from 'vitest';
import { searchOptions } from '../../../storefront/features/search/search-options.ts';
import { highlightParts, suggestionsAnnouncement } from '../../../storefront/lib/highlight.ts';

describe('highlightParts', () => {
  it('splits a name into plain and matched parts', () => {
    expect(
      highlightParts('Raptor Sneaky Silk Boxers', [
        { start: 0, end: 6 },
        { start: 19, end: 25 },
      ]),
    ).toEqual([
      { text: 'Raptor', matched: true },
      { text: ' Sneaky Silk ', matched: false },
      { text: 'Boxers', matched: true },
    ]);
    expect(highlightParts('Thong', [])).toEqual([{ text: 'Thong', matched: false }]);
  });

  it('clips ranges past the end and ignores overlaps', () => {
    expect(
      highlightParts('Rex', [
        { start: 1, end: 2 },
        { start: 1, end: 9 },
      ]),
    ).toEqual([
      { text: 'R', matched: false },
      { text: 'e', matched: true },
      { text: 'x', matched: true },
    ]);
  });
});

describe('suggestionsAnnouncement', () => {
  it('says what was found', () => {
    expect(suggestionsAnnouncement('raptr', 1, 0)).toBe(
      '1 product found. Use the up and down arrows to choose, Enter to open.',
    );
    expect(suggestionsAnnouncement('raptor', 4, 1)).toMatch(/^4 products and 1 category found\./);
    expect(suggestionsAnnouncement('zzz', 0, 0)).toBe('No matches for “zzz”');
  });
});

describe('searchOptions', () => {
  it('lists products, then categories, then all results, with where each goes', () => {
    const options = searchOptions({
      query: 'raptor boxer',
      products: [
        {
          id: 16,
          name: 'Raptor Sneaky Silk Boxers',
          slug: 'raptor-sneaky-silk-boxers',
          price: '37.99',
          imageUrl: '/x.svg',
          highlights: [],
        },
      ],
      categories: [{ name: 'Raptor', slug: 'raptor', highlights: [] }],
    });
    expect(options.map((o) => [o.kind, o.href])).toEqual([
      ['product', '/product/raptor-sneaky-silk-boxers'],
      ['category', '/category/raptor'],
      ['all', '/shop?search=raptor%20boxer'],
    ]);
  });
});
