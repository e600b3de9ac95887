import type { Product, ProductSort, Size } from '../../contracts/catalogue.ts';
import { SIZES, SIZE_LABELS } from '../../contracts/sizes.ts';
import { decimalToCents, formatCents } from '../../contracts/money-format.ts';
import { clipSearchText } from '../../contracts/search-text.ts';

/**
 * Product-listing state (search, sort, filters) and the pure logic over it: the price slider's range
 * and the sidebar filters (a category page's search and sort: `category-search.ts`). The state
 * round-trips through the URL query so a reload or a shared link restores it.
 */

export const PRICE_MIN = 0;
export const PRICE_MAX = 50;
export const PRICE_STEP = 1;
export const SEARCH_DEBOUNCE_MS = 300;

export type SortOption = 'featured' | Extract<ProductSort, 'price_asc' | 'price_desc' | 'newest'>;

export const SORT_OPTIONS: ReadonlyArray<{ value: SortOption; label: string }> = [
  { value: 'featured', label: 'Featured' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest' },
];

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

export const DEFAULT_FILTERS: ListingFilters = { priceMin: PRICE_MIN, priceMax: PRICE_MAX, collections: [], sizes: [] };
export const DEFAULT_LISTING: ListingState = { search: '', sort: 'featured', filters: DEFAULT_FILTERS };

const isSort = (value: string | null): value is SortOption => SORT_OPTIONS.some((option) => option.value === value);
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

/** The API's sort parameter for a sort option ('featured' is the API's default order). */
export function apiSort(sort: SortOption): ProductSort | undefined {
  return sort === 'featured' ? undefined : sort;
}

/**
 * The sidebar filters. Price: within [min, max] dollars, inclusive. Collection: when any is selected, a
 * product with a collection is kept only if its collection is selected (a product without one is
 * kept). Size: when any is selected, only products with one of those sizes in stock are kept.
 */
export function applyFilters(products: readonly Product[], filters: ListingFilters): Product[] {
  const min = filters.priceMin * 100;
  const max = filters.priceMax * 100;
  return products.filter((product) => {
    const cents = decimalToCents(product.price);
    if (cents < min || cents > max) return false;
    if (filters.collections.length > 0 && product.collection !== undefined && !filters.collections.includes(product.collection)) return false;
    if (filters.sizes.length > 0 && !product.variants.some((v) => v.stock > 0 && filters.sizes.includes(v.size))) return false;
    return true;
  });
}

/** How many products each filter option would leave: the other filters as they are, that option alone in its group. */
export interface FacetCounts {
  collections: Record<string, number>;
  sizes: Record<Size, number>;
}

export function facetCounts(products: readonly Product[], filters: ListingFilters, collections: readonly string[]): FacetCounts {
  const count = (next: ListingFilters) => applyFilters(products, next).length;
  return {
    collections: Object.fromEntries(collections.map((c) => [c, count({ ...filters, collections: [c] })])),
    sizes: Object.fromEntries(SIZES.map((size) => [size, count({ ...filters, sizes: [size] })])) as Record<Size, number>,
  };
}

/** Distinct collections of a product list, alphabetical. */
export function collectionsOf(products: readonly Product[]): string[] {
  return [...new Set(products.flatMap((p) => (p.collection ? [p.collection] : [])))].sort((a, b) => a.localeCompare(b));
}

export type ChipId = 'search' | 'price' | `collection:${string}` | `size:${Size}`;

export interface FilterChip {
  id: ChipId;
  label: string;
}

/** A price filter's bound (whole dollars) as the shop shows money: $20.00. */
export const priceLabel = (dollars: number): string => formatCents(dollars * 100);

/** The removable chips for what is active (search and filters). */
export function activeChips(state: ListingState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.search.trim()) chips.push({ id: 'search', label: `Search: "${state.search.trim()}"` });
  const { priceMin, priceMax, collections, sizes } = state.filters;
  if (priceMin !== PRICE_MIN || priceMax !== PRICE_MAX) chips.push({ id: 'price', label: `${priceLabel(priceMin)} - ${priceLabel(priceMax)}` });
  for (const c of collections) chips.push({ id: `collection:${c}`, label: c });
  for (const s of sizes) chips.push({ id: `size:${s}`, label: `Size ${SIZE_LABELS[s]}` });
  return chips;
}

export function removeChip(state: ListingState, id: ChipId): ListingState {
  const { filters } = state;
  if (id === 'search') return { ...state, search: '' };
  if (id === 'price') return { ...state, filters: { ...filters, priceMin: PRICE_MIN, priceMax: PRICE_MAX } };
  if (id.startsWith('collection:')) {
    const name = id.slice('collection:'.length);
    return { ...state, filters: { ...filters, collections: filters.collections.filter((c) => c !== name) } };
  }
  const size = id.slice('size:'.length);
  return { ...state, filters: { ...filters, sizes: filters.sizes.filter((s) => s !== size) } };
}

/** 'Clear all' / 'Clear Filters': search and filters back to the defaults; the sort order stays. */
export function clearAll(state: ListingState): ListingState {
  return { ...state, search: '', filters: DEFAULT_FILTERS };
}

export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
