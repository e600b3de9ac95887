import { listingQueryString, parseListingQuery } from './lib/filters.ts';
import { SIZES } from '../contracts/sizes.ts';

/** Pages whose server render reads the listing query (search, sort, price, collection, size). */
const LISTING_PATH = /^\/(shop|collections|category\/[^/]+)\/?$/;
/** Product pages preselect the variant the query names (size, color). */
const PRODUCT_PATH = /^\/products?\/[^/]+\/?$/;

/** A product page's own query, in a stable order: a known size and a colour name of sane length. */
function variantQueryString(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  const size = params.get('size');
  const color = params.get('color')?.trim();
  if (size && (SIZES as readonly string[]).includes(size)) kept.set('size', size);
  if (color && color.length <= 60) kept.set('color', color);
  const qs = kept.toString();
  return qs ? `?${qs}` : '';
}

/**
 * The page cache's key for a URL: its path plus only the query parameters the page's server render
 * reads, normalised (defaults dropped, a stable order). Everything else (utm_*, fbclid, gclid, any
 * unknown parameter) cannot change the rendered HTML, so it cannot make a new cache entry either.
 * The key is itself a URL: rendering it gives exactly the page the original URL would have.
 */
export function pageCacheKey(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (queryAt === -1) return pathname;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  if (LISTING_PATH.test(pathname)) return pathname + listingQueryString(parseListingQuery(params));
  if (PRODUCT_PATH.test(pathname)) return pathname + variantQueryString(params);
  return pathname;
}
