import { SearchResult } from '../../../contracts/search.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/** The instant search's suggestions for a query (the server matches, ranks and limits). Loaded on first use. */
export function fetchSuggestions(query: string, signal: AbortSignal): Promise<SearchResult> {
  return apiFetch(`/api/search?q=${encodeURIComponent(query.trim())}`, SearchResult, { signal });
}
