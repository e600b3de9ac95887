import type { Product, ProductSort, Size } from '../../contracts/catalogue.ts';
import { SIZES, SIZE_LABELS } from '../../contracts/sizes.ts';
import { decimalToCents, formatCents } from '../../contracts/money-format.ts';
import {
  DEFAULT_FILTERS,
  LISTING_SORTS,
  PRICE_MAX,
  PRICE_MIN,
  type ListingFilters,
  type ListingState,
  type SortOption,
} from '../../contracts/listing-query.ts';

/**
 * The pure logic over the product listing's state: the sort menu, the price slider, the sidebar
 * filters and their chips (a category page's search and sort: `category-search.ts`). The state and
 * the URL query it round-trips through, so a reload or a shared link restores it: contracts/listing-query.ts.
 */

export const PRICE_STEP = 1;
export const SEARCH_DEBOUNCE_MS = 300;

const SORT_LABELS: Record<SortOption, string> = {
  featured: 'Featured',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  newest: 'Newest',
};

export const SORT_OPTIONS: ReadonlyArray<{ value: SortOption; label: string }> = LISTING_SORTS.map((value) => ({
  value,
  label: SORT_LABELS[value],
}));

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
    if (
      filters.collections.length > 0 &&
      product.collection !== undefined &&
      !filters.collections.includes(product.collection)
    )
      return false;
    if (filters.sizes.length > 0 && !product.variants.some((v) => v.stock > 0 && filters.sizes.includes(v.size)))
      return false;
    return true;
  });
}

/** How many products each filter option would leave: the other filters as they are, that option alone in its group. */
export interface FacetCounts {
  collections: Record<string, number>;
  sizes: Record<Size, number>;
}

export function facetCounts(
  products: readonly Product[],
  filters: ListingFilters,
  collections: readonly string[],
): FacetCounts {
  const count = (next: ListingFilters) => applyFilters(products, next).length;
  return {
    collections: Object.fromEntries(collections.map((c) => [c, count({ ...filters, collections: [c] })])),
    sizes: Object.fromEntries(SIZES.map((size) => [size, count({ ...filters, sizes: [size] })])) as Record<
      Size,
      number
    >,
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
  if (priceMin !== PRICE_MIN || priceMax !== PRICE_MAX)
    chips.push({ id: 'price', label: `${priceLabel(priceMin)} - ${priceLabel(priceMax)}` });
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
