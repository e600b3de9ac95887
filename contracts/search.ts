import * as v from 'valibot';
import { MoneyString } from './money.ts';
import { SEARCH_MAX_LENGTH } from './search-text.ts';

/** The instant search's limit: what fits under the header's search box. */
export const SEARCH_LIMIT = 6;

/** A search text's limit in characters as a reader counts them: an emoji is one, not two UTF-16 units. */
export const searchTextLimit = (name: string) =>
  v.maxGraphemes(SEARCH_MAX_LENGTH, `${name} must be at most ${SEARCH_MAX_LENGTH} characters`);

export const SearchQuery = v.object({
  q: v.pipe(v.string('q is required'), v.trim(), v.minLength(1, 'q must not be empty'), searchTextLimit('q')),
});
export type SearchQuery = v.InferOutput<typeof SearchQuery>;

/** A matched stretch of a name, [start, end) in characters: what the screen highlights. */
export const Highlight = v.object({ start: v.number(), end: v.number() });
export type Highlight = v.InferOutput<typeof Highlight>;

export const ProductSuggestion = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  price: MoneyString,
  imageUrl: v.string(),
  highlights: v.array(Highlight),
});
export type ProductSuggestion = v.InferOutput<typeof ProductSuggestion>;

export const CategorySuggestion = v.object({
  name: v.string(),
  slug: v.string(),
  highlights: v.array(Highlight),
});
export type CategorySuggestion = v.InferOutput<typeof CategorySuggestion>;

/** GET /api/search: up to SEARCH_LIMIT products and the matching categories, best first. */
export const SearchResult = v.object({
  query: v.string(),
  products: v.array(ProductSuggestion),
  categories: v.array(CategorySuggestion),
});
export type SearchResult = v.InferOutput<typeof SearchResult>;
