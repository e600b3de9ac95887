import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { CloseIcon, FilterIcon, SearchIcon } from '../../../components/icons.tsx';
import { MascotPeek } from '../../../components/mascot-peek.tsx';
import { btn, container } from '../../../components/ui.ts';
import {
  activeChips,
  apiSort,
  clearAll,
  collectionsOf,
  DEFAULT_FILTERS,
  listingFields,
  listingQueryString,
  parseListingQuery,
  facetCounts,
  searchedProducts,
  removeChip,
  SEARCH_DEBOUNCE_MS,
  SORT_OPTIONS,
  visibleProducts,
  type ListingFilters,
  type ListingState,
  type SortOption,
} from '../../../lib/filters.ts';
import { noteDialogOpener } from '../../../lib/dialog-focus.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import { replaceUrlQuery, useUrlSearchParams } from '../../../lib/navigation-key.ts';
import type { CardAction } from '../catalogue-product-card.tsx';
import { CatalogueProductCard } from '../catalogue-product-card.tsx';
import { ProductCardSkeleton } from '../product-card.tsx';
import { FilterPanel } from './filter-panel.tsx';
import type { ListingData } from './listing.data.ts';
import { useListingVariants, useProductList } from './product-list.ts';

/** The phone/tablet filter drawer (Headless UI Dialog) loads on its first open, or when its button is near. */
const loadFilterDialog = () => import('./filter-dialog.tsx');
const FilterDialog = lazy(loadFilterDialog);

const isSortOption = (value: string): value is SortOption => SORT_OPTIONS.some((o) => o.value === value);

/**
 * The product listing (/shop, /collections, /category/{slug}), drawn from the page's data. Search,
 * sort and filters live in the URL query (replaced in place, no navigation), so a reload or a shared
 * link restores them; on /shop a new search or sort fetches the list from the API. Render it with the
 * page's navigation key as its React key so that following a link starts it afresh.
 */
export function ListingScreen({ data, renderAction }: { data: ListingData; renderAction: CardAction }) {
  const { urlPathname } = usePageContext();
  const params = useUrlSearchParams();
  const [state, setState] = useState<ListingState>(() => parseListingQuery(params));
  const [searchInput, setSearchInput] = useState(state.search);
  const [draft, setDraft] = useState<ListingFilters>(state.filters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const searchId = useId();
  const sortId = useId();
  const searchFormId = useId();
  const local = data.kind === 'category';
  const slug = local ? data.category.slug : '';

  // Debounced search: the list follows the box 300 ms after the last keystroke.
  useEffect(() => {
    const next = searchInput.trim();
    if (next === state.search) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, search: next })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, state.search]);

  useEffect(() => replaceUrlQuery(urlPathname, listingQueryString(state)), [urlPathname, state]);
  useEffect(() => setDraft(state.filters), [state.filters]);

  const update = (next: ListingState) => {
    setState(next);
    if (next.search !== searchInput.trim()) setSearchInput(next.search);
  };

  // Category pages search and sort in the browser: their list is always the page data's.
  const served = data.kind === 'all' ? data : { params: { search: '', sort: undefined }, products: data.products };
  const products = useProductList(local ? served.params : { search: state.search, sort: apiSort(state.sort) }, served);
  // The size filter reads each product's variants.
  const variants = useListingVariants(products.products, data.variants);
  const variantsOf = (productId: number) => variants[productId];
  const visible = useMemo(
    () => (products.products ? visibleProducts(products.products, state, local, variantsOf) : []),
    [products.products, state, local, variants],
  );
  const collections = useMemo(() => {
    const found = collectionsOf(products.products ?? []);
    return [...new Set([...found, ...state.filters.collections])].sort((a, b) => a.localeCompare(b));
  }, [products.products, state.filters.collections]);
  // How many products each option would leave, from the filters as applied (the same rule as the grid).
  const counts = useMemo(
    () => (products.products ? facetCounts(searchedProducts(products.products, state, local), state.filters, collections, variantsOf) : undefined),
    [products.products, state, local, collections, variants],
  );
  const carry = { search: state.search, sort: state.sort };
  const chips = activeChips(state);
  const filterCount = activeChips({ ...state, search: '' }).length;
  const hydrated = useHydrated();
  const filtersLook = `${btn.secondary} h-12 flex-1 px-4 lg:hidden`;
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

  const heading = local ? `${data.category.name} Collection` : 'Shop All Products';
  const description = local
    ? data.category.description
    : 'Every thong, brief, boxer and bralette in the herd. Filter by price, collection or size to find your match.';

  const applyDraft = () => {
    update({ ...state, filters: draft });
    setPanelOpen(false);
  };
  const clearEverything = () => {
    update(clearAll(state));
    setPanelOpen(false);
  };
  const clearPanelFilters = () => {
    setDraft(DEFAULT_FILTERS);
    update({ ...state, filters: DEFAULT_FILTERS });
    setPanelOpen(false);
  };

  return (
    <div>
      <div className="bg-gradient-to-br from-brand-100 via-cream to-accent-100">
        <div className={`${container} flex items-center gap-6 py-10 sm:py-12`}>
          <div className="min-w-0 flex-1">
            <h1 className="font-display text-4xl font-black tracking-tight text-ink-900 sm:text-5xl">{heading}</h1>
            {description && <p className="mt-3 max-w-2xl text-lg text-ink-700">{description}</p>}
          </div>
          {local && (
            <img
              src={data.category.imageUrl}
              alt=""
              width={160}
              height={160}
              className="hidden size-36 shrink-0 rounded-3xl shadow-lg ring-4 ring-white sm:block"
            />
          )}
        </div>
      </div>

      <div className={`${container} py-8`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <form
            id={searchFormId}
            role="search"
            aria-label="Products"
            method="get"
            className="relative flex-1"
            onSubmit={(event) => {
              event.preventDefault();
              update({ ...state, search: searchInput.trim() });
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
              id={searchId}
              name="search"
              type="search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              placeholder="Search thongs, boxers, bralettes..."
              maxLength={100}
              autoComplete="off"
              className="h-12 w-full rounded-full border-2 border-ink-200 bg-white pl-12 pr-12 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
            />
            {searchInput && (
              <button
                type="button"
                onClick={() => update({ ...state, search: '' })}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100"
              >
                <CloseIcon className="size-4" />
              </button>
            )}
          </form>

          <div className="flex gap-3">
            {hydrated ? (
              <button
                type="button"
                onClick={(event) => {
                  noteDialogOpener(event.currentTarget);
                  setPanelLoaded(true);
                  setPanelOpen(true);
                }}
                onPointerEnter={() => void loadFilterDialog()}
                onFocus={() => void loadFilterDialog()}
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
            <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
              <label htmlFor={sortId} className="sr-only whitespace-nowrap text-sm font-semibold text-ink-700 sm:not-sr-only">
                Sort by
              </label>
              <select
                id={sortId}
                name="sort"
                form={searchFormId}
                value={state.sort}
                onChange={(e) => {
                  const sort = e.target.value;
                  if (isSortOption(sort)) update({ ...state, sort });
                }}
                className="h-12 w-full min-w-0 rounded-full border-2 border-ink-200 bg-white px-4 text-sm font-semibold text-ink-900 focus:border-brand-600 sm:w-56"
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        <nav aria-label="Categories" className="-mx-4 mt-5 overflow-x-auto px-4 pb-2">
          <ul className="flex gap-2">
            <li>
              <Pill href="/shop" current={!local} label="All Products" />
            </li>
            {data.categories.map((c) => (
              <li key={c.id}>
                <Pill href={`/category/${c.slug}`} current={local && c.slug === slug} label={c.name} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside id="filters" aria-labelledby="filters-heading" className="hidden target:block lg:block">
            <div className="sticky top-24 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
              <h2 id="filters-heading" className="mb-5 font-display text-xl font-extrabold text-ink-900">
                Filters
              </h2>
              <FilterPanel
                idPrefix="sidebar"
                draft={draft}
                collections={collections}
                counts={counts}
                carry={carry}
                onChange={setDraft}
                onApply={applyDraft}
                onClearAll={clearPanelFilters}
              />
            </div>
          </aside>

          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="sr-only">
              Products
            </h2>
            <div className="flex min-h-10 flex-wrap items-center gap-2">
              <p className="mr-2 text-sm font-semibold text-ink-700" aria-live="polite" data-testid="product-count">
                {products.status === 'pending' ? 'Loading products…' : products.status === 'error' ? '' : `Showing ${visible.length} ${visible.length === 1 ? 'product' : 'products'}`}
              </p>
              {chips.length > 0 && (
                <>
                  <ul className="flex flex-wrap gap-2" aria-label="Active filters">
                    {chips.map((chip) => (
                      <li key={chip.id}>
                        <ListingButton
                          to={removeChip(state, chip.id)}
                          onClick={() => update(removeChip(state, chip.id))}
                          className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 py-1.5 pl-3 pr-2 text-xs font-bold text-brand-900 hover:bg-brand-200"
                        >
                          {chip.label}
                          <CloseIcon className="size-3.5" />
                          <span className="sr-only">(remove)</span>
                        </ListingButton>
                      </li>
                    ))}
                  </ul>
                  <ListingButton
                    to={clearAll(state)}
                    onClick={() => update(clearAll(state))}
                    className="rounded-full px-2 py-1 text-xs font-bold text-accent-700 underline underline-offset-2 hover:text-accent-800"
                  >
                    Clear all
                  </ListingButton>
                </>
              )}
            </div>

            <div className="mt-4">
              {products.status === 'error' ? (
                <p role="alert" className="rounded-2xl bg-accent-50 p-6 text-center font-semibold text-accent-800">
                  Failed to load products. Please try again later.
                </p>
              ) : products.status === 'pending' ? (
                <ul className="grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-3" aria-label="Loading products">
                  {Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <ProductCardSkeleton />
                    </li>
                  ))}
                </ul>
              ) : visible.length === 0 ? (
                <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-ink-200">
                  <MascotPeek mascot="stego" size="sm" className="mx-auto" />
                  <h3 className="mt-4 font-display text-2xl font-extrabold text-ink-900">No Products Found</h3>
                  <p className="mx-auto mt-2 max-w-md text-ink-600">
                    Try adjusting your filters or search to find what you're looking for.
                  </p>
                  <ListingButton to={clearAll(state)} onClick={clearEverything} className={`${btn.primary} mt-6`}>
                    Clear Filters
                  </ListingButton>
                </div>
              ) : (
                <ul className="grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-3">
                  {visible.map((product, index) => (
                    <li key={product.id}>
                      <CatalogueProductCard product={product} variants={variants[product.id]} renderAction={renderAction} eager={index < 3} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </div>
      </div>

      {panelLoaded && (
        <Suspense fallback={null}>
          <FilterDialog
            open={panelOpen}
            onClose={() => setPanelOpen(false)}
            draft={draft}
            collections={collections}
            counts={counts}
            carry={carry}
            onChange={setDraft}
            onApply={applyDraft}
            onClearAll={clearPanelFilters}
          />
        </Suspense>
      )}
    </div>
  );
}

function Pill({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`inline-flex whitespace-nowrap rounded-full px-4 py-2 text-sm font-bold transition ${
        current ? 'bg-ink-900 text-white' : 'bg-white text-ink-800 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-300'
      }`}
    >
      {label}
    </a>
  );
}

/**
 * A button that changes the listing: in place with JavaScript, and without it a GET form that loads
 * the listing the click asks for (`to`).
 */
function ListingButton({ to, onClick, className, children }: { to: ListingState; onClick: () => void; className: string; children: ReactNode }) {
  return (
    <form method="get" className="contents">
      {listingFields(to).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
        className={className}
      >
        {children}
      </button>
    </form>
  );
}
