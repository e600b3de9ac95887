import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/filters.ts';
import { listingQueryString, parseListingQuery, type ListingState } from '../../../../contracts/listing-query.ts';
import { replaceUrlQuery, useUrlSearchParams } from '../../../lib/navigation-key.ts';

/**
 * The listing's search, sort and filters, read from the URL query and written back to it in place
 * (no navigation), so a reload or a shared link restores them. The search box's text follows the
 * state 300 ms after the last keystroke.
 */
export function useListingState() {
  const { urlPathname } = usePageContext();
  const params = useUrlSearchParams();
  const [state, setState] = useState<ListingState>(() => parseListingQuery(params));
  const [searchInput, setSearchInput] = useState(state.search);

  useEffect(() => {
    const next = searchInput.trim();
    if (next === state.search) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, search: next })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, state.search]);

  useEffect(() => replaceUrlQuery(urlPathname, listingQueryString(state)), [urlPathname, state]);

  /** A change made at once (a chip, the sort, Apply Filters): the search box shows its search. */
  const update = (next: ListingState) => {
    setState(next);
    if (next.search !== searchInput.trim()) setSearchInput(next.search);
  };

  return { state, searchInput, setSearchInput, update };
}
