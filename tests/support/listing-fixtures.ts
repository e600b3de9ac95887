import type { Product, Variant } from '../../contracts/catalogue.ts';
import {
  DEFAULT_FILTERS,
  DEFAULT_LISTING,
  type ListingFilters,
  type ListingState,
} from '../../contracts/listing-query.ts';

/** A small catalogue for the listing's pure logic: four products, prices in both orders, one without a collection. */
export const product = (
  id: number,
  name: string,
  price: string,
  collection?: string,
  description = '',
  variants: Variant[] = [],
): Product => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  description,
  price,
  imageUrl: `/images/products/${id}.svg`,
  ...(collection ? { collection } : {}),
  bestSeller: false,
  featured: false,
  variants,
});

export const thong = product(1, 'T-Rex Thong', '24.99', 'Mesozoic Mischief', 'Tiny arms, big attitude');
export const briefs = product(2, 'Stego Briefs', '9.50', 'Cretaceous Comfort');
export const boxers = product(3, 'Raptor Boxers', '50.00', undefined, 'Silky LACE trim');
export const bralette = product(4, 'Raptor Bralette', '34.99', 'Jurassic Lace');
export const all = [thong, briefs, boxers, bralette];

/** The default listing state with `patch` over it (filters merged). */
export const state = (
  patch: Omit<Partial<ListingState>, 'filters'> & { filters?: Partial<ListingFilters> } = {},
): ListingState => ({
  ...DEFAULT_LISTING,
  ...patch,
  filters: { ...DEFAULT_FILTERS, ...patch.filters },
});
