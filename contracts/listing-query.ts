import type { ProductSort, Size } from './catalogue.ts';
import { SIZES } from './sizes.ts';
import { clipSearchText } from './search-text.ts';

/**
 * The product listing's URL query (/shop, /collections, /category/{slug}: search, sort, price,
 * collection, size) and the state it stands for. One reading and one writing of it, shared by the
 * listing pages (which restore their state from it on a reload or a shared link) and the answer
 * cache's key rule (which keeps only what the page reads, normalised). The filtering itself and its
 * chips are the storefront's (storefront/lib/filters.ts).
 */

/** The price slider's range, in whole dollars: a bound at either end is no bound. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 50;

export type SortOption = 'featured' | Extract<ProductSort, 'price_asc' | 'price_desc' | 'newest'>;

/** The listing's sort orders, in the order the page offers them ('featured' is the default). */
export const LISTING_SORTS: readonly SortOption[] = ['featured', 'price_asc', 'price_desc', 'newest'];

export interface ListingFilters {
  priceMin: number;
  priceMax: number;
  collections: string[];
  sizes: Size[];
}

export interface ListingState {
  search: string;
  sort: SortOption;
  filters: ListingFilters;
}

/** What an empty query means: no search, the featured order, no filter. */
export const DEFAULT_FILTERS: ListingFilters = { priceMin: PRICE_MIN, priceMax: PRICE_MAX, collections: [], sizes: [] };
export const DEFAULT_LISTING: ListingState = { search: '', sort: 'featured', filters: DEFAULT_FILTERS };

const isSort = (value: string | null): value is SortOption => LISTING_SORTS.some((sort) => sort === value);
const isSize = (value: string): value is Size => (SIZES as readonly string[]).includes(value);

/** A price bound from the URL: not a number, or below zero (no price is), means none was given; above the slider's top, its top. */
function parsePrice(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) return fallback;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n)));
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** URL query → listing state. Unknown or malformed values fall back to the defaults. */
export function parseListingQuery(params: URLSearchParams): ListingState {
  const sort = params.get('sort');
  let priceMin = parsePrice(params.get('minPrice'), PRICE_MIN);
  let priceMax = parsePrice(params.get('maxPrice'), PRICE_MAX);
  if (priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    search: clipSearchText((params.get('search') ?? '').trim()),
    sort: isSort(sort) ? sort : 'featured',
    filters: {
      priceMin,
      priceMax,
      collections: unique(params.getAll('collection').filter((c) => c.trim() !== '')),
      sizes: SIZES.filter((size) => params.getAll('size').filter(isSize).includes(size)),
    },
  };
}

/** Listing state → the query's fields, in order (the defaults left out). A GET form sends the same. */
export function listingFields(state: ListingState): Array<[name: string, value: string]> {
  const fields: Array<[string, string]> = [];
  const search = state.search.trim();
  if (search) fields.push(['search', search]);
  if (state.sort !== 'featured') fields.push(['sort', state.sort]);
  if (state.filters.priceMin !== PRICE_MIN) fields.push(['minPrice', String(state.filters.priceMin)]);
  if (state.filters.priceMax !== PRICE_MAX) fields.push(['maxPrice', String(state.filters.priceMax)]);
  for (const collection of state.filters.collections) fields.push(['collection', collection]);
  for (const size of state.filters.sizes) fields.push(['size', size]);
  return fields;
}

/** Listing state → URL query ('' for the defaults, else '?search=...&sort=...'). */
export function listingQueryString(state: ListingState): string {
  const qs = new URLSearchParams(listingFields(state)).toString();
  return qs ? `?${qs}` : '';
}
