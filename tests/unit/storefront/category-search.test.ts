import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/catalogue.ts';
import { arrangeCategory } from '../../../storefront/lib/category-search.ts';
import { DEFAULT_FILTERS, DEFAULT_LISTING, type ListingFilters, type ListingState } from '../../../storefront/lib/filters.ts';

const product = (id: number, name: string, price: string, collection?: string, description = ''): Product => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  description,
  price,
  imageUrl: `/images/products/${id}.svg`,
  ...(collection ? { collection } : {}),
  bestSeller: false,
  featured: false,
});

const thong = product(1, 'T-Rex Thong', '24.99', 'Mesozoic Mischief', 'Tiny arms, big attitude');
const briefs = product(2, 'Stego Briefs', '9.50', 'Cretaceous Comfort');
const boxers = product(3, 'Raptor Boxers', '50.00', undefined, 'Silky LACE trim');
const bralette = product(4, 'Raptor Bralette', '34.99', 'Jurassic Lace');
const all = [thong, briefs, boxers, bralette];

const state = (patch: Omit<Partial<ListingState>, 'filters'> & { filters?: Partial<ListingFilters> } = {}): ListingState => ({
  ...DEFAULT_LISTING,
  ...patch,
  filters: { ...DEFAULT_FILTERS, ...patch.filters },
});

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
