import { ProductQuery } from '../../contracts/catalogue.ts';
import { SearchQuery } from '../../contracts/search.ts';
import { SIZES } from '../../contracts/sizes.ts';
import { listingQueryString, parseListingQuery } from '../../contracts/listing-query.ts';
import { isListingPath, productChoiceOf, productPageSlug, productQuery } from '../../contracts/shop-paths.ts';
import { TRACK_ORDER_PATH, linkedOrderNumber, trackOrderPath } from '../../contracts/order-tracking.ts';

/** The catalogue API's routes that read a query string, and the parameters each declares. */
const API_QUERIES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['/api/products', new Set(Object.keys(ProductQuery.entries))],
  ['/api/search', new Set(Object.keys(SearchQuery.entries))],
]);

/** A product page's own query, in a stable order: a known size and a colour name of sane length. */
function variantQueryString(params: URLSearchParams): string {
  const choice = productChoiceOf(params);
  const size = choice.size;
  const color = choice.color?.trim();
  return productQuery({
    size: size && (SIZES as readonly string[]).includes(size) ? size : undefined,
    color: color && color.length <= 60 ? color : undefined,
  });
}

/** The parameter's name as a query parser reads it (`+` is a space, escapes decoded). */
function paramName(part: string): string {
  const equals = part.indexOf('=');
  const raw = (equals === -1 ? part : part.slice(0, equals)).replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * An API query with only the parameters the route declares, each as it was written (never decoded
 * and written again, so the route's validator sees exactly what the key names), ordered by name.
 */
function apiQueryString(query: string, known: ReadonlySet<string>): string {
  const parts = query.split('&').filter((part) => known.has(paramName(part)));
  if (parts.length === 0) return '';
  // A stable sort: repeats of one name keep their order (the validator may refuse a repeat).
  return `?${parts.sort((a, b) => (paramName(a) < paramName(b) ? -1 : paramName(a) > paramName(b) ? 1 : 0)).join('&')}`;
}

/**
 * The answer cache's one key rule, for pages and the JSON API alike: a URL's path plus only the query
 * parameters its answer reads. Everything else (utm_*, fbclid, gclid, any unknown parameter) cannot
 * change the answer, so it cannot make a new entry either.
 *
 * - A page's key keeps the parameters its server render reads, normalised (defaults dropped, a stable
 *   order); the key is itself a URL, and the page is rendered from it, so rendering it gives exactly
 *   the page the original URL would have.
 * - An API answer's key keeps the parameters the route declares, verbatim: the route answers the
 *   request's own URL, and what it validates is exactly what the key holds.
 */
export function answerKey(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (queryAt === -1) return pathname;
  const query = url.slice(queryAt + 1);
  if (pathname.startsWith('/api/')) {
    const known = API_QUERIES.get(pathname);
    return known ? pathname + apiQueryString(query, known) : pathname;
  }
  const params = new URLSearchParams(query);
  // Pages whose server render reads the listing query (search, sort, price, collection, size).
  if (isListingPath(pathname)) return pathname + listingQueryString(parseListingQuery(params));
  // Product pages preselect the variant the query names (size, color).
  if (productPageSlug(pathname) !== null) return pathname + variantQueryString(params);
  // Track Order fills in the number a link names (the mails'), so the form is filled without JavaScript.
  if (pathname === TRACK_ORDER_PATH) {
    const number = linkedOrderNumber(params);
    return number ? trackOrderPath(number) : pathname;
  }
  return pathname;
}
