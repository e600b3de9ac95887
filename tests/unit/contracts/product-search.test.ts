import { describe, expect, it } from 'vitest';
import { categoryMatcher, editDistance, productMatcher, singular } from '../../../contracts/product-search.ts';

const product = (name: string, description = '', collection?: string) => ({ name, description, collection });
const catalogue = [
  product('Raptor Rump Hugger Briefs', 'Snug briefs with a raptor on the rump.'),
  product('Raptor Sneaky Silk Boxers', 'Silky boxers for stealthy hunters.'),
  product('Velociraptor Claw-some Cheeky Shorts', 'Cheeky shorts.'),
  product('T-Rex Roar-Worthy Boxer Briefs', 'Roomy boxer briefs.', 'Jurassic Classics'),
  product('Triceratops Frill Seeker Lace Panties', 'Lace with a frill.'),
  product('Stego Tail-Spike Thong', 'A thong with tail spikes.'),
  product('Pterodactyl Crème Brûlée Bralette', 'Soft lace.'),
];
const names = (query: string, limit?: number) =>
  productMatcher(catalogue)
    .search(query, limit)
    .map((hit) => hit.item.name);

describe('product search', () => {
  it('tolerates typos and plurals: "raptr boxer" finds the raptor boxers', () => {
    expect(names('raptr boxer')).toEqual(['Raptor Sneaky Silk Boxers']);
    expect(names('raptor boxers')).toEqual(['Raptor Sneaky Silk Boxers']);
    expect(names('tong')).toEqual([]); // four letters: no typo allowed, too many words are that close
    expect(names('thnog')).toEqual(['Stego Tail-Spike Thong']); // a swap of neighbours is one edit
    expect(names('panty')).toEqual(['Triceratops Frill Seeker Lace Panties']);
    expect(names('velociraptr')).toEqual(['Velociraptor Claw-some Cheeky Shorts']);
  });

  it('matches words as they are typed, inside words, and across hyphens', () => {
    expect(names('stegosaur')).toEqual([]);
    expect(names('ste')).toEqual(['Stego Tail-Spike Thong', 'Raptor Sneaky Silk Boxers']); // the name first, then 'stealthy'
    expect(names('raptor')).toEqual([
      'Raptor Rump Hugger Briefs',
      'Raptor Sneaky Silk Boxers',
      'Velociraptor Claw-some Cheeky Shorts',
    ]);
    expect(names('trex')).toEqual(['T-Rex Roar-Worthy Boxer Briefs']);
    expect(names('T-REX')).toEqual(['T-Rex Roar-Worthy Boxer Briefs']);
  });

  it('requires every word, looks at description and collection, ignores case and accents', () => {
    expect(names('lace raptor')).toEqual([]);
    expect(names('stealthy')).toEqual(['Raptor Sneaky Silk Boxers']);
    expect(names('jurassic classic')).toEqual(['T-Rex Roar-Worthy Boxer Briefs']);
    expect(names('creme brulee')).toEqual(['Pterodactyl Crème Brûlée Bralette']);
  });

  it('ranks name matches over description matches and exact words over typos; ties keep the given order; limit applies', () => {
    // "briefs" is in two names and one description.
    expect(names('briefs')).toEqual(['Raptor Rump Hugger Briefs', 'T-Rex Roar-Worthy Boxer Briefs']);
    expect(names('boxers')).toEqual(['Raptor Sneaky Silk Boxers', 'T-Rex Roar-Worthy Boxer Briefs']);
    expect(names('lace')).toEqual(['Triceratops Frill Seeker Lace Panties', 'Pterodactyl Crème Brûlée Bralette']);
    expect(names('raptor', 1)).toEqual(['Raptor Rump Hugger Briefs']);
  });

  it('an empty or wordless query matches nothing', () => {
    expect(names('')).toEqual([]);
    expect(names('  -- !! ')).toEqual([]);
  });

  it('highlights the matched part of each name word, at the original offsets', () => {
    const [hit] = productMatcher(catalogue).search('raptr boxe');
    expect(hit!.highlights).toEqual([
      [0, 6],
      [19, 23],
    ]);
    const [inside] = productMatcher([product('Velociraptor Shorts')]).search('raptor');
    expect(inside!.highlights).toEqual([[6, 12]]);
    const [plural] = productMatcher([product('Silk Boxers')]).search('boxer');
    expect(plural!.highlights).toEqual([[5, 11]]);
    const [accented] = productMatcher(catalogue).search('brulee');
    expect('Pterodactyl Crème Brûlée Bralette'.slice(...accented!.highlights[0]!)).toBe('Brûlée');
    // A description-only match highlights nothing in the name.
    expect(productMatcher(catalogue).search('stealthy')[0]!.highlights).toEqual([]);
  });

  it('matches categories by name', () => {
    const categories = categoryMatcher([{ name: 'Boxers' }, { name: 'Briefs' }, { name: 'Lace & Bralettes' }]);
    expect(categories.search('bxoers').map((h) => h.item.name)).toEqual(['Boxers']);
    expect(categories.search('bralette').map((h) => h.item.name)).toEqual(['Lace & Bralettes']);
  });
});

describe('word helpers', () => {
  it('singular', () => {
    expect(['boxers', 'panties', 'briefs', 'dresses', 'boxes', 'bus', 'dress', 'rex', 'sets'].map(singular)).toEqual([
      'boxer',
      'panty',
      'brief',
      'dress',
      'box',
      'bus',
      'dress',
      'rex',
      'set',
    ]);
  });

  it('editDistance counts insertions, deletions, substitutions and neighbour swaps, capped past the limit', () => {
    expect(editDistance('raptr', 'raptor', 2)).toBe(1);
    expect(editDistance('rpator', 'raptor', 2)).toBe(1);
    expect(editDistance('rapxor', 'raptor', 2)).toBe(1);
    expect(editDistance('boxer', 'boxer', 2)).toBe(0);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
