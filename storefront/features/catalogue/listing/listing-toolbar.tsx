import { useId, useRef, type MouseEvent } from 'react';
import { clipSearchText, SEARCH_MAX_CODE_UNITS } from '../../../../contracts/search-text.ts';
import { CloseIcon, FilterIcon, SearchIcon } from '../../../components/icons.tsx';
import { btn } from '../../../components/ui.ts';
import { activeChips, SORT_OPTIONS } from '../../../lib/filters.ts';
import { listingFields, type ListingState, type SortOption } from '../../../../contracts/listing-query.ts';
import { useHydrated } from '../../../lib/hydrated.ts';

const isSortOption = (value: string): value is SortOption => SORT_OPTIONS.some((o) => o.value === value);

export interface ListingToolbarProps {
  state: ListingState;
  searchInput: string;
  onSearchInput: (text: string) => void;
  onChange: (next: ListingState) => void;
  /** The Filters button (below lg): opens the filter drawer. */
  onOpenFilters: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The pointer or focus is on the Filters button: a good moment to load the drawer. */
  onNearFilters: () => void;
}

/** Above the grid: the search box, the Filters button (phones and tablets) and the sort. */
export function ListingToolbar({
  state,
  searchInput,
  onSearchInput,
  onChange,
  onOpenFilters,
  onNearFilters,
}: ListingToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  const searchFormId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const filterCount = activeChips({ ...state, search: '' }).length;
  // Its own width, so on a phone the sort box beside it has room for its longest option.
  const filtersLook = `${btn.secondary} h-12 shrink-0 px-5 lg:hidden`;
  const filtersLabel = (
    <>
      <FilterIcon className="size-5" />
      Filters
      {filterCount > 0 && (
        <span className="rounded-full bg-accent-600 px-2 text-xs text-white">
          {filterCount}
          <span className="sr-only"> active</span>
        </span>
      )}
    </>
  );

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <form
        id={searchFormId}
        role="search"
        aria-label="Products"
        method="get"
        className="relative flex-1"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...state, search: searchInput.trim() });
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search products
        </label>
        <SearchIcon className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-ink-500" />
        {/* Without JavaScript a search keeps the filters as they are (the sort select belongs to this form). */}
        {listingFields({ ...state, search: '', sort: 'featured' }).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input
          ref={searchBox}
          id={searchId}
          name="search"
          type="search"
          value={searchInput}
          onChange={(e) => onSearchInput(clipSearchText(e.target.value))}
          placeholder="Search thongs, boxers, bralettes..."
          maxLength={SEARCH_MAX_CODE_UNITS}
          autoComplete="off"
          className="h-12 w-full rounded-full border-2 border-ink-200 bg-white pl-12 pr-12 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
        />
        {/* A script clears the search; without one the box is edited, or the chip below removes it. */}
        {hydrated && searchInput && (
          <button
            type="button"
            onClick={() => {
              onChange({ ...state, search: '' });
              // The button goes with the text: focus stays in the box, where the next search is typed.
              searchBox.current?.focus();
            }}
            aria-label="Clear search"
            className="absolute right-2 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
      </form>

      {/* Without JavaScript the sort has its own Sort button: on the narrowest screens the two wrap
          below Filters rather than squeeze the select to its arrow (noscript's button exists only then). */}
      <div className="flex flex-wrap gap-3">
        {hydrated ? (
          <button
            type="button"
            onClick={onOpenFilters}
            onPointerEnter={onNearFilters}
            onFocus={onNearFilters}
            className={filtersLook}
          >
            {filtersLabel}
          </button>
        ) : (
          // Without JavaScript the Filters control is a link that shows the sidebar's filter form (:target).
          <a href="#filters" className={filtersLook}>
            {filtersLabel}
          </a>
        )}
        <div className="flex min-w-0 flex-1 items-center gap-2 has-[noscript_button]:min-w-64 sm:flex-none">
          <label
            htmlFor={sortId}
            className="sr-only whitespace-nowrap text-sm font-semibold text-ink-700 sm:not-sr-only"
          >
            Sort by
          </label>
          <select
            id={sortId}
            name="sort"
            form={searchFormId}
            value={state.sort}
            onChange={(e) => {
              const sort = e.target.value;
              if (isSortOption(sort)) onChange({ ...state, sort });
            }}
            className="h-12 w-full min-w-0 rounded-full border-2 border-ink-200 bg-white px-4 text-sm font-semibold text-ink-900 focus:border-brand-600 sm:w-56"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {/* Without JavaScript choosing an option sends nothing: this sends the search form it belongs to. */}
          <noscript>
            <button type="submit" form={searchFormId} className={`${btn.secondary} h-12 shrink-0 px-3`}>
              Sort
            </button>
          </noscript>
        </div>
      </div>
    </div>
  );
}
