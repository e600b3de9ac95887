import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { container } from '../../../components/ui.ts';
import type { Product } from '../../../../contracts/catalogue.ts';
import { apiSort, applyFilters, clearAll, collectionsOf, facetCounts } from '../../../lib/filters.ts';
import { DEFAULT_FILTERS, type ListingFilters, type ListingState } from '../../../../contracts/listing-query.ts';
import { noteDialogOpener } from '../../../lib/dialog-focus.ts';
import type { CardAction } from '../catalogue-product-card.tsx';
import { ActiveFilters } from './active-filters.tsx';
import { CategoryPills } from './category-pills.tsx';
import { FilterPanel, type FilterPanelControls } from './filter-panel.tsx';
import { ListingHero } from './listing-hero.tsx';
import { ListingToolbar } from './listing-toolbar.tsx';
import type { AllProductsData, CategoryData } from './listing.data.ts';
import { ProductGrid } from './product-grid.tsx';
import { useProductList } from './product-list.ts';
import { useListingState } from './use-listing-state.ts';

/** The phone/tablet filter drawer (Headless UI Dialog) loads on its first open, or when its button is near. */
const loadFilterDialog = () => import('./filter-dialog.tsx');
const FilterDialog = lazy(loadFilterDialog);

/** Searches and sorts a category page's list in the browser (`arrangeCategory`); /shop's list comes searched and sorted from the API. */
type Arrange = (products: readonly Product[], query: Pick<ListingState, 'search' | 'sort'>) => readonly Product[];

type ListingScreenProps = { renderAction: CardAction } & (
  | { data: AllProductsData }
  | { data: CategoryData; arrange: Arrange }
);

/**
 * The product listing (/shop, /collections, /category/{slug}), drawn from the page's data. Search,
 * sort and filters live in the URL query, so a reload or a shared link restores them; on /shop a new
 * search or sort fetches the list from the API. Render it with the page's navigation key as its React
 * key so that following a link starts it afresh.
 */
export function ListingScreen(props: ListingScreenProps) {
  const { data, renderAction } = props;
  const arrange = 'arrange' in props ? props.arrange : undefined;
  const { state, searchInput, setSearchInput, update } = useListingState();
  const [draft, setDraft] = useState<ListingFilters>(state.filters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const local = data.kind === 'category';

  useEffect(() => setDraft(state.filters), [state.filters]);

  // Category pages search and sort in the browser: their list is always the page data's.
  const served = data.kind === 'all' ? data : { params: { search: '', sort: undefined }, products: data.products };
  const products = useProductList(local ? served.params : { search: state.search, sort: apiSort(state.sort) }, served);
  const arranged = useMemo(
    () =>
      products.products && arrange
        ? arrange(products.products, { search: state.search, sort: state.sort })
        : products.products,
    [products.products, arrange, state.search, state.sort],
  );
  const visible = useMemo(() => (arranged ? applyFilters(arranged, state.filters) : []), [arranged, state.filters]);
  const collections = useMemo(() => {
    const found = collectionsOf(products.products ?? []);
    return [...new Set([...found, ...state.filters.collections])].sort((a, b) => a.localeCompare(b));
  }, [products.products, state.filters.collections]);
  // How many products each option would leave, from the filters as applied (the same rule as the grid).
  const counts = useMemo(
    () => (arranged ? facetCounts(arranged, state.filters, collections) : undefined),
    [arranged, state.filters, collections],
  );

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
  // The sidebar's panel and the drawer's are one panel with the same controls.
  const panel: FilterPanelControls = {
    draft,
    collections,
    counts,
    carry: { search: state.search, sort: state.sort },
    onChange: setDraft,
    onApply: applyDraft,
    onClearAll: clearPanelFilters,
  };

  return (
    <div>
      <ListingHero data={data} />

      <div className={`${container} py-8`}>
        <ListingToolbar
          state={state}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onChange={update}
          onOpenFilters={(event) => {
            noteDialogOpener(event.currentTarget);
            setPanelLoaded(true);
            setPanelOpen(true);
          }}
          onNearFilters={() => void loadFilterDialog()}
        />

        <CategoryPills categories={data.categories} currentSlug={local ? data.category.slug : undefined} />

        <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside id="filters" aria-labelledby="filters-heading" className="hidden target:block lg:block">
            <div className="sticky top-24 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
              <h2 id="filters-heading" className="mb-5 font-display text-xl font-extrabold text-ink-900">
                Filters
              </h2>
              <FilterPanel idPrefix="sidebar" {...panel} />
            </div>
          </aside>

          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="sr-only">
              Products
            </h2>
            <ActiveFilters state={state} status={products.status} shown={visible.length} onChange={update} />
            <div className="mt-4">
              <ProductGrid
                status={products.status}
                products={visible}
                state={state}
                renderAction={renderAction}
                onClearFilters={clearEverything}
              />
            </div>
          </section>
        </div>
      </div>

      {panelLoaded && (
        <Suspense fallback={null}>
          <FilterDialog open={panelOpen} onClose={() => setPanelOpen(false)} controls={panel} />
        </Suspense>
      )}
    </div>
  );
}
