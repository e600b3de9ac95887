import { describe, expect, it } from 'vitest';
import { arrangeCategory } from '../../../storefront/lib/category-search.ts';
import { all, boxers, product, state } from '../../support/listing-fixtures.ts';

const localIds = (patch: Parameters<typeof state>[0]) => arrangeCategory(all, state(patch)).map((p) => p.id);

describe('a category page searches with the API matcher', () => {
  it('matches name, collection or description, ignoring case, punctuation and plurals', () => {
    expect(localIds({ search: 'thong' })).toEqual([1]);
    expect(localIds({ search: 'ATTITUDE' })).toEqual([1]);
    expect(localIds({ search: 'trex' })).toEqual([1]);
    expect(localIds({ search: 'raptors' })).toEqual([3, 4]);
    expect(localIds({ search: 'lace' }).sort()).toEqual([3, 4]);
    expect(localIds({ search: '   ' })).toEqual([1, 2, 3, 4]);
  });
  it('ranks a match in the name above one elsewhere under Featured', () => {
    const laceBriefs = product(5, 'Lace Briefs', '12.00');
    expect(arrangeCategory([boxers, laceBriefs], state({ search: 'lace' })).map((p) => p.id)).toEqual([5, 3]);
  });
});

describe('a category page sorts with the API orders', () => {
  it('keeps the server order for Featured', () => {
    expect(localIds({ sort: 'featured' })).toEqual([1, 2, 3, 4]);
  });
  it('sorts by price both ways, exactly in cents', () => {
    expect(localIds({ sort: 'price_asc' })).toEqual([2, 1, 4, 3]);
    expect(localIds({ sort: 'price_desc' })).toEqual([3, 4, 1, 2]);
  });
  it('puts larger ids first for Newest', () => {
    expect(localIds({ sort: 'newest' })).toEqual([4, 3, 2, 1]);
  });
  it('does not mutate its input', () => {
    const copy = [...all];
    localIds({ sort: 'newest' });
    expect(all).toEqual(copy);
  });
});
